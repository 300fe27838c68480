import { hashKey } from '@tanstack/react-query';
import { orgsQueryKey } from '@/lib/orgs-query';
import type { z } from 'zod';
import type {
  auditEntrySchema,
  csvPreviewSchema,
  invitationSchema,
  inviteResultSchema,
  orgMemberSchema,
  orgSchema,
  workCardSchema,
} from '@shared/schemas/orgs';

// Organisations belong to the account, not to the card in view: their answers are cached once,
// whichever card the header shows (lib/query-client.ts keys other answers per card).
export const accountWide = { queryKeyHashFn: hashKey } as const;

export const orgKeys = {
  all: orgsQueryKey,
  one: (orgId: string) => ['orgs', orgId] as const,
  members: (orgId: string) => ['orgs', orgId, 'members'] as const,
  cards: (orgId: string) => ['orgs', orgId, 'cards'] as const,
  invitations: (orgId: string) => ['orgs', orgId, 'invitations'] as const,
  audit: (orgId: string) => ['orgs', orgId, 'audit'] as const,
};

export type Org = z.infer<typeof orgSchema>;
export type OrgMember = z.infer<typeof orgMemberSchema>;
export type WorkCard = z.infer<typeof workCardSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type CsvPreview = z.infer<typeof csvPreviewSchema>;
export type InviteResult = z.infer<typeof inviteResultSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `{ success, data, message }`: the answers of /v1/orgs. */
export type Answer<T> = { data: T; message?: string };

export const isList = <T>(data: unknown): data is T[] => Array.isArray(data);
export const isObject = <T>(data: unknown): data is T => typeof data === 'object' && data !== null;
export const orgPath = (orgId: string, rest = '') => `/v1/orgs/${encodeURIComponent(orgId)}${rest}`;
