// Both outputs of `npm run openapi`, as the files hold them: the test compares them with the
// committed ones, so the reference cannot go stale.
import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import { buildDocument } from './document';
import { renderMarkdown } from './markdown';

export const OUTPUTS = {
  json: new URL('../../docs/openapi.json', import.meta.url),
  markdown: new URL('../../docs/api.md', import.meta.url),
};

export async function renderReference() {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const document = await buildDocument(version);
  // As `npm run format` would write it, so `npm run lint` passes on the committed file.
  const json = await format(JSON.stringify(document), { parser: 'json', printWidth: 120 });
  return { document, json, markdown: renderMarkdown(document) };
}
