import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { emailField, usernameField } from './auth';
import { dataMessageResponse, dataResponse, isoTime } from './responses';
import { singleLine } from './text';

// Organisations (docs/product.md §2, Organisations; docs/decisions/0104-organisations.md): a
// company's members and roles, its invitations, the work cards it gives out and its audit log.

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const ORG_NOT_FOUND = 'Organisation not found';
export const ORG_SLUG_MIN = 3;
export const ORG_SLUG_MAX = 40;
export const ORG_SEATS_MAX = 10_000;
/** Rows of one CSV file of invitations (its header aside). */
export const INVITE_ROWS_MAX = 1000;
/** Addresses of one e-mail invitation. */
export const INVITE_EMAILS_MAX = 100;
export const INVITE_CSV_MAX = 512 * 1024;

const ORG_NAME_MESSAGE = 'Enter the organisation’s name (at most 100 characters)';
export const orgNameField = z
  .string({ error: ORG_NAME_MESSAGE })
  .overwrite(singleLine)
  .trim()
  .min(1, { error: ORG_NAME_MESSAGE })
  .max(NAME_MAX, { error: ORG_NAME_MESSAGE });

const SLUG_MESSAGE = `The short name must be ${ORG_SLUG_MIN} to ${ORG_SLUG_MAX} lowercase letters, numbers or hyphens, not starting or ending with a hyphen`;
export const orgSlugField = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .min(ORG_SLUG_MIN, { error: SLUG_MESSAGE })
  .max(ORG_SLUG_MAX, { error: SLUG_MESSAGE })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: SLUG_MESSAGE });

const URL_MESSAGE = 'Enter an https:// address, or nothing';
const movedOnUrlField = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(500, { error: URL_MESSAGE })
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), { error: URL_MESSAGE });

const SEATS_MESSAGE = `Seats must be a whole number from 1 to ${ORG_SEATS_MAX}`;

/** POST /v1/orgs */
export const orgCreateBody = z.object({ name: orgNameField, slug: orgSlugField }).strict();
export type OrgCreateBody = z.infer<typeof orgCreateBody>;

/** PUT /v1/orgs/{id}: what is absent stays as it was. */
export const orgUpdateBody = z
  .object({
    name: orgNameField.optional(),
    seats: z
      .number({ error: SEATS_MESSAGE })
      .int({ error: SEATS_MESSAGE })
      .min(1, { error: SEATS_MESSAGE })
      .max(ORG_SEATS_MAX, { error: SEATS_MESSAGE })
      .optional(),
    moved_on_url: movedOnUrlField.optional(),
  })
  .strict();
export type OrgUpdateBody = z.infer<typeof orgUpdateBody>;

const ACCOUNT_MESSAGE = 'Choose a member of the organisation';
const accountIdField = z.string({ error: ACCOUNT_MESSAGE }).min(1, { error: ACCOUNT_MESSAGE }).max(64);

/** POST /v1/orgs/{id}/owner */
export const orgOwnerBody = z.object({ user_id: accountIdField }).strict();

const ROLE_MESSAGE = 'The role must be admin or member';
/** PUT /v1/orgs/{id}/members/{userId}: the owner's role changes only by a transfer. */
export const orgRoleBody = z.object({ role: z.enum(['admin', 'member'], { error: ROLE_MESSAGE }) }).strict();

/** One invitee: the address, and what their work card starts with. */
export const inviteeSchema = z.object({
  email: emailField(),
  name: z
    .string({ error: 'Name must be text' })
    .overwrite(singleLine)
    .trim()
    .max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters` })
    .optional(),
});

const EMAILS_MESSAGE = `Enter 1 to ${INVITE_EMAILS_MAX} e-mail addresses`;
/** POST /v1/orgs/{id}/invitations */
export const inviteEmailsBody = z
  .object({
    emails: z
      .array(emailField(), { error: EMAILS_MESSAGE })
      .min(1, { error: EMAILS_MESSAGE })
      .max(INVITE_EMAILS_MAX, { error: EMAILS_MESSAGE }),
  })
  .strict();

const CSV_MESSAGE = 'Send the file’s text as `csv`';
/** POST /v1/orgs/{id}/invitations/csv and …/csv/preview: the file's text. */
export const inviteCsvBody = z
  .object({
    csv: z
      .string({ error: CSV_MESSAGE })
      .min(1, { error: 'The file is empty' })
      .max(INVITE_CSV_MAX, { error: 'The file is larger than 512 KB' }),
  })
  .strict();

const REASSIGN_MESSAGE = 'Enter the new holder’s name';
/** POST /v1/orgs/{id}/cards/{cardId}/reassign */
export const reassignBody = z
  .object({
    user_id: accountIdField,
    name: z
      .string({ error: REASSIGN_MESSAGE })
      .overwrite(singleLine)
      .trim()
      .min(1, { error: REASSIGN_MESSAGE })
      .max(NAME_MAX, { error: REASSIGN_MESSAGE }),
  })
  .strict();

const TOKEN_MESSAGE = 'This invitation link is not valid';
const tokenField = z.string({ error: TOKEN_MESSAGE }).min(20, { error: TOKEN_MESSAGE }).max(100, {
  error: TOKEN_MESSAGE,
});
/** POST /v1/orgs/invitations/claim: the secret the invitation's mail carried. */
export const claimBody = z.object({ token: tokenField }).strict();
/** POST /v1/orgs/join: the invite link's secret, and the username of the card it makes. */
export const joinBody = z.object({ token: tokenField, username: usernameField }).strict();

export const orgSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    /** The asking account's role. */
    role: z.enum(ORG_ROLES),
    seats: z.number().int(),
    /** Claimed work cards: what the seats count. */
    seats_used: z.number().int(),
    moved_on_url: z.string(),
    invite_link: z.boolean(),
    created_at: isoTime,
  })
  .strict();
export type Org = z.infer<typeof orgSchema>;

export const orgMemberSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ORG_ROLES),
    joined_at: isoTime,
    /** The member's work card in this organisation, if they hold one. */
    card_id: z.string().nullable(),
  })
  .strict();

export const workCardSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    /** 'held': a member holds it; 'invited': waiting to be claimed; 'paused': its member left. */
    state: z.enum(['held', 'invited', 'paused']),
    holder_id: z.string().nullable(),
    url: z.string(),
  })
  .strict();

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(['pending', 'claimed', 'withdrawn']),
    card_id: z.string().nullable(),
    sends: z.number().int(),
    sent_at: isoTime.nullable(),
    created_at: isoTime,
  })
  .strict();

export const csvRowProblemSchema = z
  .object({
    /** The file's line (the header is line 1). */
    line: z.number().int(),
    email: z.string(),
    problems: z.array(z.string()),
  })
  .strict();

export const csvPreviewSchema = z
  .object({
    rows: z.number().int(),
    /** Rows that would be invited now. */
    new: z.number().int(),
    /** Rows whose address is already invited or a member: sent nothing. */
    already: z.number().int(),
    problems: z.array(csvRowProblemSchema),
  })
  .strict();

export const inviteResultSchema = z
  .object({ invited: z.number().int(), already: z.number().int(), invitations: z.array(invitationSchema) })
  .strict();

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    actor_id: z.string().nullable(),
    subject: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    created_at: isoTime,
  })
  .strict();

export const inviteLinkSchema = z.object({ url: z.string() }).strict();

export const orgResponse = dataMessageResponse(orgSchema);
export const orgsResponse = dataResponse(z.array(orgSchema));
export const orgMembersResponse = dataResponse(z.array(orgMemberSchema));
export const workCardsResponse = dataResponse(z.array(workCardSchema));
export const workCardResponse = dataMessageResponse(workCardSchema);
export const invitationsResponse = dataResponse(z.array(invitationSchema));
export const invitationResponse = dataMessageResponse(invitationSchema);
export const inviteResultResponse = dataMessageResponse(inviteResultSchema);
export const csvPreviewResponse = dataResponse(csvPreviewSchema);
export const auditResponse = dataResponse(z.array(auditEntrySchema));
export const inviteLinkResponse = dataMessageResponse(inviteLinkSchema);

const idOf = (message: string) => z.string({ error: message }).min(1, { error: message }).max(64, { error: message });
/** The organisation in the path: one the account does not belong to answers as a missing one. */
export const orgIdParam = z.object({ orgId: idOf(ORG_NOT_FOUND) });
export const orgMemberParam = orgIdParam.extend({ userId: idOf('This account is not a member of the organisation') });
export const orgCardParam = orgIdParam.extend({ cardId: idOf('Work card not found') });
export const orgInvitationParam = orgIdParam.extend({ id: idOf('Invitation not found') });
