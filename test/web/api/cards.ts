import { http } from 'msw';
import { type CardListItem, cardResponse, cardsResponse, DELETE_CARD_CONFIRM_MESSAGE } from '@shared/schemas/cards';
import { domainResponse } from '@shared/schemas/domains';
import { answer, done, failure } from './answer';

/** One of the account's cards as GET /v1/cards lists it: Jane's first card unless told otherwise. */
export function aCard(overrides: Partial<CardListItem> = {}): CardListItem {
  const username = overrides.username ?? 'jane';
  return {
    id: 'u1',
    username,
    name: 'Jane Doe',
    is_primary: true,
    is_active: true,
    language: 'en',
    avatar_url: null,
    url: `http://localhost/p/${username}`,
    created_at: '2026-01-05T10:00:00.000Z',
    org_id: null,
    views: 0,
    clicks: 0,
    ...overrides,
  };
}

const summary = ({ views: _views, clicks: _clicks, ...card }: CardListItem) => card;

/**
 * The account's cards, starting as `initial` and changed as the Worker would change them: a new
 * card (empty or a copy) at the end, a deletion once the username is typed, the primary one moved.
 */
export function cardsAre(initial: CardListItem[] = [aCard()], limit = 10) {
  let stored = [...initial];
  const find = (id: unknown) => stored.find((card) => card.id === id);
  return [
    // As the Worker: each card's views and clicks only with counts=true.
    http.get('/v1/cards', ({ request }) => {
      const counts = new URL(request.url).searchParams.get('counts') === 'true';
      const cards = counts ? stored : stored.map(({ views: _views, clicks: _clicks, ...card }) => card);
      return answer(cardsResponse, { success: true, data: { cards, limit }, message: 'Cards retrieved successfully' });
    }),
    http.post('/v1/cards', async ({ request }) => {
      const body = (await request.json()) as { username: string; name?: string; copy_of?: string };
      if (stored.some((card) => card.username === body.username))
        return failure(422, 'Validation failed', { username: ['This username is already taken'] });
      if (stored.length >= limit) return failure(422, `You can have at most ${limit} cards`);
      const source = body.copy_of ? find(body.copy_of) : undefined;
      if (body.copy_of && !source) return failure(404, 'Card not found');
      const card = aCard({
        id: `card-${stored.length + 1}`,
        username: body.username,
        name: body.name ?? source?.name ?? '',
        is_primary: false,
        language: source?.language ?? 'en',
      });
      stored = [...stored, card];
      return answer(
        cardResponse,
        { success: true, data: summary(card), message: 'Card created successfully' },
        {
          status: 201,
        },
      );
    }),
    http.delete('/v1/cards/:id', async ({ params, request }) => {
      const card = find(params.id);
      if (!card) return failure(404, 'Card not found');
      if (card.is_primary) return failure(409, 'Make another card primary before deleting this one');
      const { username } = (await request.json()) as { username: string };
      if (username !== card.username)
        return failure(422, 'Validation failed', { username: [DELETE_CARD_CONFIRM_MESSAGE] });
      stored = stored.filter((each) => each !== card);
      return done('Card deleted successfully');
    }),
    // A deployment without custom domains, as most are: the Share screen says nothing of them.
    http.get('/v1/cards/:id/domain', ({ params }) =>
      find(params.id)
        ? answer(domainResponse, { success: true, data: { available: false, domain: null } })
        : failure(404, 'Card not found'),
    ),
    http.post('/v1/cards/:id/primary', ({ params }) => {
      const card = find(params.id);
      if (!card) return failure(404, 'Card not found');
      stored = stored.map((each) => ({ ...each, is_primary: each === card }));
      return answer(cardResponse, {
        success: true,
        data: summary({ ...card, is_primary: true }),
        message: 'Primary card changed successfully',
      });
    }),
  ];
}
