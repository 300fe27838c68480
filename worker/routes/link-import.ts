import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import {
  type importedLinksResponse,
  importLinksBody,
  importPreviewBody,
  type importPreviewResponse,
} from '@shared/schemas/link-import';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { createImportedLinks } from '../services/link-import/create';
import { fetchLinktreePage, linktreeName } from '../services/link-import/fetch-page';
import { parseLinktreePage } from '../services/link-import/linktree';

// The global fetch, looked up on each call (tests replace it; they never reach the network).
const outside: typeof fetch = (input, init) => fetch(input, init);

/** /v1/user/links/import: 'Import links' from a public Linktree page. */
export const linkImport = new Hono<AppEnv>()
  .use(requireAuth)
  .post('/preview', limitBody(4 * 1024), validate('json', importPreviewBody), async (c) => {
    const name = linktreeName(c.req.valid('json').url);
    const page = await fetchLinktreePage(name, outside);
    const links = parseLinktreePage(page.html);
    return c.json({
      success: true,
      data: { source: page.url, links },
      message: `Found ${links.length} links`,
    } satisfies Answer<typeof importPreviewResponse>);
  })
  .post('/', limitBody(512 * 1024), validate('json', importLinksBody), async (c) => {
    const created = await createImportedLinks(c.var.db, c.var.userId, c.req.valid('json').links);
    const message = created === 1 ? '1 link imported successfully' : `${created} links imported successfully`;
    return c.json({ success: true, data: { created }, message } satisfies Answer<typeof importedLinksResponse>, 201);
  });
