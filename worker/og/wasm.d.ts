// Wasm imported as modules (wrangler and @cloudflare/vite-plugin compile them at deploy time).
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
declare module '*?inline' {
  const dataUri: string;
  export default dataUri;
}
declare module '*?raw' {
  const text: string;
  export default text;
}
