import { http, HttpResponse } from 'msw';
import { linkSavedResponse, linksReorderedResponse, linksResponse } from '@shared/schemas/links';
import { publicCardResponse } from '@shared/schemas/public-card';
import type { Link } from '@shared/types';
import { aLink, aPublicCard } from '../fixtures';
import { answer, done, failure } from './answer';

type LinkFields = Partial<Omit<Link, 'id' | 'clicks' | 'created_at' | 'updated_at'>>;

/** GET /v1/user/links's answer with these links. */
export const linksAnswer = (links: Link[]) => answer(linksResponse, { success: true, data: links });

const saved = (link: Link, message: string, status = 200) =>
  answer(linkSavedResponse, { success: true, link, message }, { status });

/**
 * The owner's links, starting as `initial` and changed as the Worker would change them: created
 * at the end, updated, reordered, deleted and restored. Each call makes a fresh list.
 */
export function linksAre(initial: Link[]) {
  let stored = [...initial];
  const deleted = new Map<number, Link>();
  const find = (id: unknown) => stored.find((link) => link.id === Number(id));
  return [
    http.get('/v1/user/links', () => linksAnswer(stored)),
    http.post('/v1/user/links', async ({ request }) => {
      const body = (await request.json()) as LinkFields & Pick<Link, 'title'>;
      const id = Math.max(8, ...stored.map((link) => link.id)) + 1;
      const link = aLink({ id, icon: '', display_order: stored.length, is_active: true, ...body, url: body.url ?? '' });
      stored = [...stored, link];
      return saved(link, 'Link created successfully', 201);
    }),
    // Before '/:id', which would take 'order' for an id.
    http.put('/v1/user/links/order', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: number[] };
      // As the Worker: a list that is not exactly the stored links (a stale one) is refused.
      if (ids.length !== stored.length || ids.some((id) => !find(id)))
        return failure(422, 'The order must list each of your links exactly once');
      stored = ids.flatMap((id, order) => {
        const link = find(id);
        return link ? [{ ...link, display_order: order }] : [];
      });
      return answer(linksReorderedResponse, { success: true, data: stored, message: 'Links reordered' });
    }),
    http.put('/v1/user/links/:id', async ({ params, request }) => {
      const link = find(params.id);
      if (!link) return failure(404, 'Link not found');
      const changed = { ...link, ...((await request.json()) as LinkFields) };
      stored = stored.map((each) => (each.id === link.id ? changed : each));
      return saved(changed, 'Link updated successfully');
    }),
    http.delete('/v1/user/links/:id', ({ params }) => {
      const link = find(params.id);
      if (!link) return failure(404, 'Link not found');
      deleted.set(link.id, link);
      stored = stored.filter((each) => each !== link);
      return done('Link deleted successfully');
    }),
    http.post('/v1/user/links/:id/restore', ({ params }) => {
      const link = deleted.get(Number(params.id));
      if (!link) return failure(404, 'Link not found');
      deleted.delete(link.id);
      stored = [...stored, link];
      return saved(link, 'Link restored');
    }),
  ];
}

/**
 * What a card's island reports: a click (GET by the island's script, POST by a link's ping), and
 * a view the server could not count (the card as its script fetches it, island/views.ts).
 */
export const clickHandlers = [
  http.all('/v1/link/:id/click', () => new HttpResponse(null, { status: 204 })),
  http.get('/v1/p/:username', ({ params }) =>
    answer(publicCardResponse, {
      success: true,
      data: aPublicCard({ username: String(params.username) }),
      message: 'Profile retrieved successfully',
    }),
  ),
];
