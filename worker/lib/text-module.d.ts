// Text modules (wrangler's and @cloudflare/vite-plugin's rule for .txt): data, not code.
declare module '*.txt' {
  const text: string;
  export default text;
}
