// npm run openapi: writes the API reference, docs/openapi.json and docs/api.md, from the contract
// (shared/contract/) and the shared zod schemas. Commit both; a test fails while they are stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OUTPUTS, renderReference } from './openapi/render';

const { document, json, markdown } = await renderReference();
writeFileSync(OUTPUTS.json, json);
writeFileSync(OUTPUTS.markdown, markdown);
const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
for (const [name, url] of Object.entries(OUTPUTS)) {
  const size = name === 'json' ? json.length : markdown.length;
  console.log(`${fileURLToPath(url)}: ${Math.round(size / 1024)} KB`);
}
console.log(`${operations} operations, ${Object.keys(document.components.schemas).length} schemas`);
