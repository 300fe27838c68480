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
import { withCard } from '../middleware/card';
import { limitBody } from '../middleware/body-limit';

// The global fetch, looked up on each call (tests replace it; they never reach the network).
const outside: typeof fetch = (input, init) => fetch(input, init);

/**
 * /v1/user/links/import: 'Import links' from a public Linktree page. The fetcher and the page's
 * parser load on the first import in an isolate (few owners ever use it).
 */
export const linkImport = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .post('/preview', limitBody(4 * 1024), validate('json', importPreviewBody), async (c) => {
    const [{ fetchLinktreePage, linktreeName }, { parseLinktreePage }] = await Promise.all([
      import('../services/link-import/fetch-page'),
      import('../services/link-import/linktree'),
    ]);
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
    const { createImportedLinks } = await import('../services/link-import/create');
    const created = await createImportedLinks(c.var.db, c.var.cardId, c.req.valid('json').links);
    const message = created === 1 ? '1 link imported successfully' : `${created} links imported successfully`;
    return c.json({ success: true, data: { created }, message } satisfies Answer<typeof importedLinksResponse>, 201);
  });
