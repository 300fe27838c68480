import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { nameField, usernameField } from './auth';
import { dataMessageResponse, isoTime } from './responses';

// An account's cards (docs/decisions/0091-cards-apart-from-accounts.md): the list, a new card
// (empty, or a copy of another's look and links), one card, its deletion and the primary one.

export const CARD_NOT_FOUND = 'Card not found';
export const DELETE_CARD_CONFIRM_MESSAGE = "Type the card's username to delete it";

/** A card's id in a path: any text; one that is not the account's answers 404 like a missing one. */
export const cardIdParam = z.object({
  cardId: z.string({ error: CARD_NOT_FOUND }).min(1, { error: CARD_NOT_FOUND }).max(64, { error: CARD_NOT_FOUND }),
});

/**
 * POST /v1/cards: `{ username, name }` for an empty card, or `{ copy_of, username }` for a copy
 * of that card's look (theme, template, background colours), words and links; a name sent with
 * `copy_of` replaces the copied one.
 */
export const createCardBody = z
  .object({
    username: usernameField,
    name: nameField.optional(),
    copy_of: z
      .string({ error: CARD_NOT_FOUND })
      .min(1, { error: CARD_NOT_FOUND })
      .max(64, { error: CARD_NOT_FOUND })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.name === undefined && body.copy_of === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: nameField.safeParse('').error?.issues[0]?.message ?? '',
      });
  });
export type CreateCardBody = z.output<typeof createCardBody>;

/** DELETE /v1/cards/{id}: the card's username typed again, as the dashboard asks for it. */
export const deleteCardBody = z.object({
  username: z.string({ error: DELETE_CARD_CONFIRM_MESSAGE }).trim().toLowerCase().max(64, {
    error: DELETE_CARD_CONFIRM_MESSAGE,
  }),
});
export type DeleteCardBody = z.output<typeof deleteCardBody>;

// Answers.

/** A card as its owner's list shows it. */
export const cardSummary = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    /** The card `/v1/user/*` acts on. */
    is_primary: z.boolean(),
    /** false: the card is private. */
    is_active: z.boolean(),
    /** The card's own language: its page, its vCard's labels. */
    language: z.enum(LANGUAGES),
    avatar_url: z.string().nullable(),
    /** The public address, /p/{username}. */
    url: z.string(),
    created_at: isoTime,
    /** The organisation a work card belongs to (docs/product.md, Organisations); null for a personal card. */
    org_id: z.string().nullable(),
  })
  .strict();
export type CardSummary = z.infer<typeof cardSummary>;

export const CARDS_COUNTS_MESSAGE = 'counts must be true or false';

/**
 * GET /v1/cards?counts=true: each card with its views and clicks. Asked for only where they are
 * shown (the overview): each card's counts cost a read of its buffered events and of its counting
 * database, which the header's list of cards, read on every dashboard screen, does without.
 */
export const cardsQuery = z.object({
  counts: z.enum(['true', 'false'], { error: CARDS_COUNTS_MESSAGE }).default('false'),
});

/** A card in its owner's list; with `counts=true`, its views and clicks of all time, as its statistics count them. */
export const cardListItem = cardSummary
  .extend({ views: z.number().int().nonnegative().optional(), clicks: z.number().int().nonnegative().optional() })
  .strict();
export type CardListItem = z.infer<typeof cardListItem>;

/** GET /v1/cards: the account's cards, oldest first, and how many it may hold. */
export const cardsResponse = dataMessageResponse(
  z.object({ cards: z.array(cardListItem), limit: z.number().int().positive() }).strict(),
);
/** GET, POST /v1/cards/{id}, POST /v1/cards/{id}/primary, POST /v1/cards. */
export const cardResponse = dataMessageResponse(cardSummary);
