import type { emailField, usernameField } from '@shared/schemas/auth';
import type { jobTitleField, locationField } from '@shared/schemas/business-card';
import { orgBodies } from '@shared/schemas/orgs-bodies';
import { orgTemplateBodies } from '@shared/schemas/org-template-bodies';
import type { TextField } from '@shared/org-template';
import type { isAllowedBackgroundUrl, normalHost } from '@shared/link-rules';
import type { z } from 'zod';
import type { phoneField } from '@shared/schemas/phone-field';
import type { singleLine } from '@shared/schemas/text';
import type { countShards, shardForNewCard } from '../../lib/count-shards';
import type { csvLine, CSV_BOM } from '../../lib/csv';
import type { randomToken, sha256 } from '../../lib/hashing';
import type { loadLanguage } from '../../lib/i18n';
import type { Mailer } from '../../lib/mailer';
import type { contactsVCard } from '../../lib/vcard';
import type { isJsonContentType, toFieldErrors } from '../../lib/validate';
import type { siteHosts } from '../../lib/config';
import type { Bindings, Db } from '../../env';
import type { accountLanguageOf } from '../account-language';
import type { isUsernameTaken } from '../accounts';
import type { deleteCard } from '../cards';
import type { defaultCatalogueIds } from '../catalogue';
import type { checkImage, prepareImage } from '../media';
import type { storeImage } from '../media-write';
import type { imageUrl } from '../../lib/media-url';

/**
 * What the organisations' code needs of the rest of the Worker, handed to it by routes/orgs.ts
 * rather than imported: it loads on first use, and a module of the Worker's start that it imported
 * would be split out of the entry into a chunk of its own, which alone makes the start heavier
 * (as the MCP server's parts are, docs/decisions/0099-mcp-server.md). Type imports only, here.
 */
export type OrgParts = {
  phoneField: typeof phoneField;
  emailField: typeof emailField;
  usernameField: typeof usernameField;
  singleLine: typeof singleLine;
  jobTitleField: typeof jobTitleField;
  locationField: typeof locationField;
  countShards: typeof countShards;
  shardDb: (env: Bindings, shard: number) => Db;
  shardForNewCard: typeof shardForNewCard;
  randomToken: typeof randomToken;
  sha256: typeof sha256;
  loadLanguage: typeof loadLanguage;
  mailer: (env: Bindings, db: Db) => Mailer;
  isJsonContentType: typeof isJsonContentType;
  toFieldErrors: typeof toFieldErrors;
  NOT_JSON: string;
  NOT_AN_OBJECT: string;
  isUsernameTaken: typeof isUsernameTaken;
  USERNAME_TAKEN: string;
  deleteCard: typeof deleteCard;
  accountLanguageOf: typeof accountLanguageOf;
  defaultCatalogueIds: typeof defaultCatalogueIds;
  /** The template's look and locked values are checked as the card's own are. */
  customThemeSchema: z.ZodType;
  signatureLayoutField: z.ZodType<string | null>;
  textFields: Record<TextField, z.ZodType<string, string>>;
  isAllowedBackgroundUrl: typeof isAllowedBackgroundUrl;
  normalHost: typeof normalHost;
  siteHosts: typeof siteHosts;
  BACKGROUND_IMAGE_MESSAGE: string;
  csvLine: typeof csvLine;
  CSV_BOM: typeof CSV_BOM;
  contactsVCard: typeof contactsVCard;
  /** The organisation's logo and background go through a card's image pipeline (template-logo.ts, template-background.ts). */
  checkImage: typeof checkImage;
  prepareImage: typeof prepareImage;
  storeImage: typeof storeImage;
  imageUrl: typeof imageUrl;
};

let current: OrgParts | null = null;

export const setOrgParts = (parts: OrgParts) => {
  current = parts;
};

let built: ReturnType<typeof orgBodies> | null = null;
/** The request bodies (shared/schemas/orgs.ts's), built once from the handed-over fields. */
export const bodies = () => (built ??= orgBodies(parts()));

let templateBuilt: ReturnType<typeof orgTemplateBodies> | null = null;
/** The template's body (shared/schemas/org-template.ts's), built once from the handed-over fields. */
export const templateBodies = () => (templateBuilt ??= orgTemplateBodies(parts()));

export const parts = (): OrgParts => {
  if (!current) throw new Error('the organisations’ parts were not handed over (routes/orgs.ts)');
  return current;
};
