// `npm run deploy`'s first check, before the build: a deploy config copied from
// deploy.config.example.json and not filled in. Its ids are sentences ('the id printed by: ...'),
// which pass the built config's checks and then fail at the first remote command; its addresses
// are example.org's. A value the example holds as a sample is refused with its field named;
// switches and empty values the example merely shows ("false", "", true) are left alone.
import { readFileSync } from 'node:fs';

const sample = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value !== 'true' && value !== 'false';

/** The fields of `config` that still hold the example's sample value, as `a.b[0].c`. */
export function exampleFields(config: unknown, example: unknown, path = ''): string[] {
  if (sample(example)) return config === example ? [path] : [];
  if (Array.isArray(example) && Array.isArray(config))
    return config.flatMap((value, i) =>
      exampleFields(value, example[Math.min(i, example.length - 1)], `${path}[${i}]`),
    );
  if (example && typeof example === 'object' && config && typeof config === 'object')
    return Object.entries(config as Record<string, unknown>).flatMap(([key, value]) =>
      exampleFields(value, (example as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
    );
  return [];
}

/** The refusal for a deploy config still holding the example's values, or null. */
export function exampleConfigProblem(path: string, examplePath: string): string | null {
  const fields = exampleFields(JSON.parse(readFileSync(path, 'utf8')), JSON.parse(readFileSync(examplePath, 'utf8')));
  return fields.length === 0
    ? null
    : `${path} still holds deploy.config.example.json's sample values in ${fields.join(', ')}: put your own there (docs/deploying.md).`;
}
