// The build's version, commit and time, written into the bundle by the build (build/build-info.ts,
// through Vite's `define`, in vite.config.ts for the deployed Worker and vitest.config.ts for the
// tests). A bundle made without it (none of ours) says so rather than guessing.
declare const __CARDLINK_BUILD__: { version: string; commit: string; builtAt: string } | undefined;

export const BUILD =
  typeof __CARDLINK_BUILD__ === 'undefined'
    ? { version: 'unknown', commit: 'unknown', builtAt: null }
    : { version: __CARDLINK_BUILD__.version, commit: __CARDLINK_BUILD__.commit, builtAt: __CARDLINK_BUILD__.builtAt };
