// Stored pages (test/fixtures) read as text through Vite's ?raw suffix.
declare module '*.html?raw' {
  const text: string;
  export default text;
}
