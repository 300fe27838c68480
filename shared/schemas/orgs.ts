import { z } from 'zod';
import { emailField, usernameField } from './auth';
import { ORG_NOT_FOUND, ORG_ROLES, orgBodies } from './orgs-bodies';
import { dataMessageResponse, dataResponse, isoTime } from './responses';
import { singleLine } from './text';

// Organisations (docs/product.md §2, Organisations; docs/decisions/0104-organisations.md): a
// company's members and roles, its invitations, the work cards it gives out and its audit log.
// The request bodies are built in orgs-bodies.ts (it says why), here with the shared fields.

export * from './orgs-bodies';

export const {
  orgNameField,
  orgSlugField,
  orgCreateBody,
  orgUpdateBody,
  orgOwnerBody,
  orgRoleBody,
  inviteeSchema,
  inviteEmailsBody,
  inviteCsvBody,
  reassignBody,
  claimBody,
  joinBody,
} = orgBodies({ emailField, usernameField, singleLine });
export type OrgCreateBody = z.infer<typeof orgCreateBody>;
export type OrgUpdateBody = z.infer<typeof orgUpdateBody>;

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
