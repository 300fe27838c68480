// How the client build splits its code (docs/decisions/0096). Left to itself the bundler gives
// every set of lazy screens that share a module a chunk of its own, and the dashboard's first
// screen came in about eighty files (an icon of 400 bytes was a file), which a phone fetches six
// at a time, one round trip after another. Shared chunks under 4 KB (before minifying) are copied
// into the chunks that import them instead: the first screen comes in about twenty-five files, and
// its bytes went down (fewer files compress better). The bundler allows this for entries without
// fixed export signatures, which Vite's app builds are.
/** A compiled words module's language, from its file name (shared/i18n/compiled/<area>/<language>.ts). */
const languageOf = (id: string) => /([a-z-]+)\.ts$/.exec(id)?.[1] ?? 'words';

export const CLIENT_CHUNKING = {
  codeSplitting: {
    experimentalInlineCommonChunks: { maxSize: 4096 },
    // Groups of modules that load together anyway, each made one file (docs/decisions/0096). Left
    // to the option above they came in several small chunks, each one more request (and, six at a
    // time over HTTP/1.1, more round trips) before the dashboard's first screen. None takes its
    // own dependencies along (React stays where it was), so a page that needs none of a group's
    // modules loads nothing more; the budget test measures every screen with them.
    groups: [
      // The query library (the provider, the queries, the mutations and useMutation were four
      // chunks), with a picture and the loading skeleton with its error box (two more): needed by
      // every dashboard screen (the console takes the pictures' 2 KB along) and by no page before
      // sign-in.
      {
        name: 'query',
        test: /([\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]shared[\\/](picture\.tsx|media\.ts)$|[\\/]components[\\/](ui[\\/]skeleton|load-error|errors[\\/]section-error-boundary)\.tsx$|[\\/]lib[\\/]retryable-lazy\.tsx$|icons[\\/]refresh-cw\.mjs$)/,
        includeDependenciesRecursively: false,
      },
      // What every page draws with: the button and the icons' base, and the colour scheme's switch
      // with its menu (two chunks; the switch is in every page's header but the console's and
      // the page not found's, which take its 2 KB along).
      {
        name: 'ui',
        test: /([\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/].*|Icon|context|createLucideIcon|icons[\\/](moon|sun|check|monitor))\.mjs$|[\\/]web[\\/]src[\\/](lib[\\/]cn\.ts|components[\\/](ui[\\/](button\.tsx|menu\.ts|menu-button\.ts)|theme-switch\.tsx))$)/,
        includeDependenciesRecursively: false,
      },
      // The product's catalogues shared with the Worker: the constants and the link platforms
      // (two chunks of 1-2 KB, both drawn on by the overview, the editors and the sign-up checks).
      {
        name: 'catalogues',
        test: /[\\/]shared[\\/](constants|platforms)\.ts$/,
        includeDependenciesRecursively: false,
      },
      // What the app's entry runs before any screen: the API client and the session, the router,
      // the toasts' stand-in (sonner itself loads with the first toast, components/toast.ts) and the
      // error screen (four chunks, shared by the dashboard, the sign-in screens once the app takes
      // them over, and the operators' console). One copy of each: the toasts' stand-in keeps state.
      {
        name: 'app',
        test: /([\\/]node_modules[\\/]react-router[\\/]|[\\/]web[\\/]src[\\/](lib[\\/](api-client|auth-store|auth|profile-cache|card-in-view|refresh-session|support)\.ts|components[\\/](toast\.ts|errors[\\/]route-error(-message)?\.tsx?)|app[\\/]provider\.tsx)$)/,
        includeDependenciesRecursively: false,
      },
      // Words, per language (docs/decisions/0107): the language's list of areas with the `app` area,
      // which every page loads before its first screen, and the dashboard's frame (`shell`, 2 KB
      // more on the landing and sign-in pages, one file less on every dashboard screen); and the
      // overview's own areas (`stats`, `cards`). Five word files were five requests, the last ones
      // before the overview's heading.
      {
        name: (id: string) => `words-${languageOf(id)}`,
        test: /[\\/]shared[\\/]i18n[\\/]compiled[\\/](areas|app|shell)[\\/][a-z-]+\.ts$/,
        includeDependenciesRecursively: false,
      },
      {
        name: (id: string) => `overview-words-${languageOf(id)}`,
        test: /[\\/]shared[\\/]i18n[\\/]compiled[\\/](stats|cards)[\\/][a-z-]+\.ts$/,
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
/** A compiled words module (web/src/lib/i18n.ts): its area and its language. */
export const WORDS_MODULE = /\/shared\/i18n\/compiled\/([a-z]+)\/([a-z-]+)\.ts$/;

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
  // The app's modules, and the words' (a chunk may hold several areas' words, build/chunking.ts).
  modules: chunk.moduleIds.filter((id) => id.includes('/web/') || WORDS_MODULE.test(id)).map(fromWeb),
});
