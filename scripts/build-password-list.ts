// npm run passwords: writes worker/lib/common-passwords.txt, the common passwords that
// registration, reset and change refuse (README, Decisions: passwords). Source: the password
// list of @zxcvbn-ts/language-common (MIT), itself ranked by how often each password appears in
// leaked sets; we keep the first PASSWORD_COUNT of at least 6 characters (shorter ones are
// refused by the minimum already), lower-case, most common first, one a line. The file is data:
// the Worker imports it as a text module on the first password it checks, so a card view never
// parses it. The output is committed and deterministic.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const OUTPUT = 'worker/lib/common-passwords.txt';
const PASSWORD_COUNT = 20_000;
const MIN_LENGTH = 6;

const require = createRequire(import.meta.url);
const ranked = require('@zxcvbn-ts/language-common/dist/passwords.json.cjs') as { default?: string[] } | string[];
const list = Array.isArray(ranked) ? ranked : (ranked.default ?? []);
const chosen: string[] = [];
const seen = new Set<string>();
for (const password of list) {
  const lower = password.toLowerCase();
  if (lower.length < MIN_LENGTH || seen.has(lower) || /[\r\n]/.test(lower)) continue;
  seen.add(lower);
  chosen.push(lower);
  if (chosen.length === PASSWORD_COUNT) break;
}
if (chosen.length < PASSWORD_COUNT) throw new Error(`only ${chosen.length} passwords found`);

writeFileSync(OUTPUT, `${chosen.join('\n')}\n`);
console.log(`wrote ${OUTPUT}: ${chosen.length} passwords`);
