// How the client build splits its code (docs/decisions/0096). Left to itself the bundler gives
// every set of lazy screens that share a module a chunk of its own, and the dashboard's first
// screen came in about eighty files (an icon of 400 bytes was a file), which a phone fetches six
// at a time, one round trip after another. Shared chunks under 4 KB (before minifying) are copied
// into the chunks that import them instead: the first screen comes in about twenty-five files, and
// its bytes went down (fewer files compress better). The bundler allows this for entries without
// fixed export signatures, which Vite's app builds are.
export const CLIENT_CHUNKING = {
  codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } },
} as const;

export type ChunkGraph = Record<
  string,
  { src: string | null; imports: string[]; dynamicImports: string[]; modules: string[] }
>;
const fromWeb = (id: string) => id.replace(/^.*\/web\//, 'web/');

/** One chunk of the graph below (scripts/bundle-size.ts reads it). */
export const chunkEntry = (chunk: {
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  moduleIds: readonly string[];
}): ChunkGraph[string] => ({
  src: chunk.facadeModuleId ? fromWeb(chunk.facadeModuleId) : null,
  imports: chunk.imports,
  dynamicImports: chunk.dynamicImports,
  modules: chunk.moduleIds.filter((id) => id.includes('/web/')).map(fromWeb),
});
