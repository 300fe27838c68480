/**
 * How many writes to the tables a public card is drawn from (services/public-card.ts) this isolate
 * has made through createDb: a memo of a card (services/card-memo.ts) notes the generation it read
 * at and is dropped once it changed, so an edit made through this isolate shows at once in what
 * the same isolate answers next. Writes elsewhere (sessions, salts, the counting databases) leave
 * it alone.
 */
let generation = 0;

const CARD_TABLES = 'cards|profiles|users|links|themes|templates|contact_settings';
const CARD_WRITE = new RegExp(
  `^\\s*(?:insert(?:\\s+or\\s+\\w+)?\\s+into|replace\\s+into|update|delete\\s+from)\\s+"?(?:${CARD_TABLES})"?\\s`,
  'i',
);

/** Whether a statement writes a table the card is drawn from. */
export const writesCard = (query: string) => CARD_WRITE.test(query);

export const writeGeneration = () => generation;

/** Called by the D1 client when such a write is prepared and when it settles. */
export function noteWrite() {
  generation += 1;
}
