// What each release needs of a deployment beyond its code: the bindings the built config must
// have and the secrets that must be set. release-needs.json lists them per release, newest first,
// "Unreleased" on top (npm run release renames it); docs/upgrading.md says the same in words.
// `npm run deploy` checks every entry before it changes anything: a deployment several releases
// behind needs what each of them added.
import { readFileSync } from 'node:fs';

type Need = { name: string; what: string };
export type ReleaseNeeds = Record<string, { bindings: Need[]; secrets: Need[] }>;

export const RELEASE_NEEDS = 'release-needs.json';

export const readReleaseNeeds = (path = RELEASE_NEEDS) => JSON.parse(readFileSync(path, 'utf8')) as ReleaseNeeds;

/** The parts of a built config that declare bindings (wrangler's config names them so). */
export type BindingsConfig = {
  assets?: { binding?: string };
  images?: { binding?: string };
  d1_databases?: { binding: string }[];
  kv_namespaces?: { binding: string }[];
  r2_buckets?: { binding: string }[];
  queues?: { producers?: { binding: string }[] };
  analytics_engine_datasets?: { binding: string }[];
  services?: { binding: string }[];
  durable_objects?: { bindings?: { name: string }[] };
};

export function boundNames(config: BindingsConfig): Set<string> {
  return new Set(
    [
      config.assets?.binding,
      config.images?.binding,
      ...[config.d1_databases, config.kv_namespaces, config.r2_buckets, config.queues?.producers]
        .concat([config.analytics_engine_datasets, config.services])
        .flatMap((list) => list?.map((entry) => entry.binding) ?? []),
      ...(config.durable_objects?.bindings?.map((binding) => binding.name) ?? []),
    ].filter((name): name is string => Boolean(name)),
  );
}

/** One line per missing binding or secret, naming the release that needs it; [] when nothing is missing. */
export function missingNeeds(needs: ReleaseNeeds, config: BindingsConfig, secrets: string[]): string[] {
  const bound = boundNames(config);
  const set = new Set(secrets);
  return Object.entries(needs).flatMap(([release, { bindings, secrets: wanted }]) => {
    const since = release === 'Unreleased' ? 'this unreleased version' : `release ${release}`;
    return [
      ...bindings
        .filter((need) => !bound.has(need.name))
        .map((need) => `binding ${need.name}, ${need.what} (since ${since})`),
      ...wanted
        .filter((need) => !set.has(need.name))
        .map((need) => `secret ${need.name}, ${need.what} (since ${since})`),
    ];
  });
}
