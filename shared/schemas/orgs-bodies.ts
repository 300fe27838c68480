import { z } from 'zod';
import { NAME_MAX } from '../constants';

// The request bodies of /v1/orgs (shared/schemas/orgs.ts re-exports them built with the shared
// fields). Built from fields handed in, so the Worker's organisation handlers, loaded on first use,
// build them from the fields its start already holds instead of importing those modules
// (worker/services/orgs/parts.ts says why).

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
/** A reassignment without the new holder's name, when the template does not lock it. */
export const REASSIGN_NAME_MESSAGE = 'Enter the new holder’s name';

type Fields = {
  emailField: (message?: string) => z.ZodType<string>;
  usernameField: z.ZodType<string>;
  singleLine: (value: string) => string;
};

export function orgBodies({ emailField, usernameField, singleLine }: Fields) {
  const ORG_NAME_MESSAGE = 'Enter the organisation’s name (at most 100 characters)';
  const orgNameField = z
    .string({ error: ORG_NAME_MESSAGE })
    .overwrite(singleLine)
    .trim()
    .min(1, { error: ORG_NAME_MESSAGE })
    .max(NAME_MAX, { error: ORG_NAME_MESSAGE });

  const SLUG_MESSAGE = `The short name must be ${ORG_SLUG_MIN} to ${ORG_SLUG_MAX} lowercase letters, numbers or hyphens, not starting or ending with a hyphen`;
  const orgSlugField = z
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
  const orgCreateBody = z.object({ name: orgNameField, slug: orgSlugField }).strict();

  /** PUT /v1/orgs/{id}: what is absent stays as it was. */
  const orgUpdateBody = z
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

  const ACCOUNT_MESSAGE = 'Choose a member of the organisation';
  const accountIdField = z.string({ error: ACCOUNT_MESSAGE }).min(1, { error: ACCOUNT_MESSAGE }).max(64);

  /** POST /v1/orgs/{id}/owner */
  const orgOwnerBody = z.object({ user_id: accountIdField }).strict();

  const ROLE_MESSAGE = 'The role must be admin or member';
  /** PUT /v1/orgs/{id}/members/{userId}: the owner's role changes only by a transfer. */
  const orgRoleBody = z.object({ role: z.enum(['admin', 'member'], { error: ROLE_MESSAGE }) }).strict();

  /** One invitee: the address, and what their work card starts with. */
  const inviteeSchema = z.object({
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
  const inviteEmailsBody = z
    .object({
      emails: z
        .array(emailField(), { error: EMAILS_MESSAGE })
        .min(1, { error: EMAILS_MESSAGE })
        .max(INVITE_EMAILS_MAX, { error: EMAILS_MESSAGE }),
    })
    .strict();

  const CSV_MESSAGE = 'Send the file’s text as `csv`';
  /** POST /v1/orgs/{id}/invitations/csv and …/csv/preview: the file's text. */
  const inviteCsvBody = z
    .object({
      csv: z
        .string({ error: CSV_MESSAGE })
        .min(1, { error: 'The file is empty' })
        .max(INVITE_CSV_MAX, { error: 'The file is larger than 512 KB' }),
    })
    .strict();

  /**
   * POST /v1/orgs/{id}/cards/{cardId}/reassign. The name may be left out when the template locks
   * it (the card keeps the template's); otherwise the service asks for it (services/orgs/leaving.ts).
   */
  const reassignBody = z
    .object({
      user_id: accountIdField,
      name: z
        .string({ error: REASSIGN_NAME_MESSAGE })
        .overwrite(singleLine)
        .trim()
        .min(1, { error: REASSIGN_NAME_MESSAGE })
        .max(NAME_MAX, { error: REASSIGN_NAME_MESSAGE })
        .optional(),
    })
    .strict();

  const TOKEN_MESSAGE = 'This invitation link is not valid';
  const tokenField = z.string({ error: TOKEN_MESSAGE }).min(20, { error: TOKEN_MESSAGE }).max(100, {
    error: TOKEN_MESSAGE,
  });
  /** POST /v1/orgs/invitations/claim: the secret the invitation's mail carried. */
  const claimBody = z.object({ token: tokenField }).strict();
  /** POST /v1/orgs/join: the invite link's secret, and the username of the card it makes. */
  const joinBody = z.object({ token: tokenField, username: usernameField }).strict();

  return {
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
  };
}
