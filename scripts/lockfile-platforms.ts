// The npm registry reachable here serves only this machine's platform packages, so `npm install`
// leaves the other platforms' optional binaries (workerd, tailwind's oxide) out of
// package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds a lock entry
// for each missing optional platform package, marked with its os and cpu, so `npm ci` accepts
// the lock and skips them on this platform as it would anyway. Run after any `npm install`
// that rewrites the lock: `node scripts/lockfile-platforms.ts` (it is idempotent).
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Entry> };
const packages = lock.packages;

/** Where Node would find `name` from the package installed at `from`. */
function resolve(from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

function platformOf(name: string): { os?: string[]; cpu?: string[] } {
  const id = name.split('/').pop() ?? name;
  const os = ['darwin', 'linux', 'android', 'freebsd', 'win32', 'windows', 'sunos', 'openbsd', 'aix']
    .filter((word) => id.includes(word))
    .map((word) => (word === 'windows' ? 'win32' : word));
  const cpu = id.includes('wasm32')
    ? ['wasm32']
    : id.includes('arm64')
      ? ['arm64']
      : /-arm(-|$)/.test(id)
        ? ['arm']
        : id.includes('ia32')
          ? ['ia32']
          : /x64|-64(-|$)/.test(id)
            ? ['x64']
            : [];
  return { ...(os.length ? { os } : {}), ...(cpu.length ? { cpu } : {}) };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(location, name);
    if (found && packages[found]?.version === spec) continue;
    if (!/^\d+\.\d+\.\d+/.test(spec)) continue; // only exact platform pins are ever missing
    const flags = entry.dev ? { dev: true, optional: true } : { optional: true };
    // Keys in npm's own order (version, then alphabetical), so `npm install` leaves the entry as it is.
    const { os, cpu } = platformOf(name);
    packages[`${location}/node_modules/${name}`] = {
      version: spec,
      ...(cpu ? { cpu } : {}),
      ...flags,
      ...(os ? { os } : {}),
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(
  added ? `added ${added} optional platform entries to package-lock.json` : 'package-lock.json already complete',
);
