// How the client build splits its code (docs/decisions/0096). Left to itself the bundler gives
// every set of lazy screens that share a module a chunk of its own, and the dashboard's first
// screen came in about eighty files (an icon of 400 bytes was a file), which a phone fetches six
// at a time, one round trip after another. Shared chunks under 4 KB (before minifying) are copied
// into the chunks that import them instead: the first screen comes in about twenty-five files, and
// its bytes went down (fewer files compress better). The bundler allows this for entries without
// fixed export signatures, which Vite's app builds are.
export const CLIENT_CHUNKING = {
  codeSplitting: {
    experimentalInlineCommonChunks: { maxSize: 4096 },
    // The query library in one file: left to the above it came in four (the provider, the
    // queries, the mutations, useMutation), each needed by most dashboard screens and by no page
    // before sign-in, so a cold dashboard fetched four files where one does, and every screen's
    // first load came out 2 KB lighter. Its own dependencies (React) stay where they were, so
    // pages without the library do not load it.
    groups: [
      {
        name: 'query',
        test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
        includeDependenciesRecursively: false,
      },
    ],
  },
};

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
