import { z } from 'zod';
import { CARD_NOT_FOUND, cardIdParam } from '../schemas/cards';
import { contactsQuery } from '../schemas/contacts';
import { linkBody, linkIdParam, linkOrderBody, linkUpdateBody } from '../schemas/links';
import { profileUpdateBody } from '../schemas/profile';
import { statsQuery } from '../schemas/stats';
import type { TokenScope } from '../schemas/tokens';

// The tools of the MCP server at /mcp (docs/decisions/0099-mcp-server.md): each one's input is the
// /v1 route's own zod schema, with the card named by a field where the API names it in the path.
// The Worker serves this list (worker/routes/mcp/) and `npm run openapi` documents it under the
// `/mcp` path's `x-mcp-tools`, both with the input schemas of shared/contract/mcp-schema.ts, so a
// tool cannot be added to one and not the other.

export const MCP_PATH = '/mcp';

/** Which card a tool acts on: the token's primary card when left out, as `/v1/user/…` does. */
const cardField = z.object({
  card_id: cardIdParam.shape.cardId
    .optional()
    .describe('The card to act on (an id from list_cards); the primary card when left out.'),
});
const linkIdField = z.object({
  link_id: linkIdParam.shape.id.describe('The link, by its id (from get_card).'),
});

export const CONTACTS_SHOWN_MAX = 50;

export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly scope: TokenScope;
  /** The arguments, parsed with this schema before the tool runs; its input JSON Schema is what tools/list shows. */
  readonly input: z.ZodObject;
  /** Changes nothing: MCP's readOnlyHint. */
  readonly readOnly: boolean;
}

export const MCP_TOOLS = [
  {
    name: 'list_cards',
    title: 'List cards',
    description: 'The cards of the account this token may act on: id, username, name, public address, primary or not.',
    scope: 'cards:read',
    input: z.object({}),
    readOnly: true,
  },
  {
    name: 'get_card',
    title: 'Read a card',
    description:
      "One card's profile (name, bio, job title, company, contact fields, language, public or private) and its links in the order the card shows them.",
    scope: 'cards:read',
    input: cardField,
    readOnly: true,
  },
  {
    name: 'update_profile',
    title: 'Update profile fields',
    description:
      'Changes the fields given and leaves the others as they are: name, username, bio, job title, company, phone, public e-mail, location, pronouns, language, public (is_active) and contact exchange. Photos are changed in the dashboard.',
    scope: 'cards:write',
    input: profileUpdateBody.omit({ remove_avatar: true }).extend(cardField.shape),
    readOnly: false,
  },
  {
    name: 'add_link',
    title: 'Add a link',
    description:
      'Adds a link to the card, at the end unless display_order is given; visible unless is_active is false.',
    scope: 'links:write',
    input: linkBody.extend(cardField.shape),
    readOnly: false,
  },
  {
    name: 'edit_link',
    title: 'Edit a link',
    description: "Changes a link's title, URL, icon, place or visibility; fields left out stay as they are.",
    scope: 'links:write',
    input: linkUpdateBody.extend(linkIdField.shape).extend(cardField.shape),
    readOnly: false,
  },
  {
    name: 'hide_link',
    title: 'Hide or show a link',
    description:
      'Hides a link from the public card (hidden: true, the default) or shows it again (hidden: false). A hidden link keeps its place and its clicks.',
    scope: 'links:write',
    input: linkIdField
      .extend({ hidden: z.boolean({ error: 'hidden must be true or false' }).default(true) })
      .extend(cardField.shape),
    readOnly: false,
  },
  {
    name: 'reorder_links',
    title: 'Reorder links',
    description: "Puts the card's links in the order given: every link id of the card, each once.",
    scope: 'links:write',
    input: linkOrderBody.extend(cardField.shape),
    readOnly: false,
  },
  {
    name: 'get_stats',
    title: 'Read statistics',
    description:
      'Views, unique visitors, clicks, conversion, contacts, clicks per link and the top referrers, countries, devices and channels over the last 7, 30 or 90 days or all time; day by day for 7 and 30 days.',
    scope: 'stats:read',
    input: statsQuery.extend(cardField.shape),
    readOnly: true,
  },
  {
    name: 'list_contacts',
    title: 'List recent contacts',
    description: 'The newest contacts visitors shared through the card, optionally only those matching q in any field.',
    scope: 'contacts:read',
    input: contactsQuery
      .extend({
        limit: z
          .number({ error: `limit must be a whole number from 1 to ${CONTACTS_SHOWN_MAX}` })
          .int({ error: `limit must be a whole number from 1 to ${CONTACTS_SHOWN_MAX}` })
          .min(1, { error: `limit must be a whole number from 1 to ${CONTACTS_SHOWN_MAX}` })
          .max(CONTACTS_SHOWN_MAX, { error: `limit must be a whole number from 1 to ${CONTACTS_SHOWN_MAX}` })
          .default(20),
      })
      .extend(cardField.shape),
    readOnly: true,
  },
] as const satisfies readonly McpTool[];

export type McpToolName = (typeof MCP_TOOLS)[number]['name'];
export type McpToolInput<N extends McpToolName> = z.output<Extract<(typeof MCP_TOOLS)[number], { name: N }>['input']>;

export { CARD_NOT_FOUND };
