// Stored pages (test/fixtures) read as text through Vite's ?raw suffix.
declare module '*.html?raw' {
  const text: string;
  export default text;
}

// Migrations read as text, to run a backfill on rows a test made.
declare module '*.sql?raw' {
  const text: string;
  export default text;
}
