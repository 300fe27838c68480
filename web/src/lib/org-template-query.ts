import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrgTemplate, orgTemplateBody } from '@shared/schemas/org-template';
import { api, getData } from '@/lib/api-client';
import { useCards } from '@/lib/cards-query';
import { cardInView } from '@/lib/card-in-view';
import { words } from '@/lib/i18n';

// An organisation's template (docs/decisions/0105-org-templates.md): read by any member (the
// profile editor's locks) and saved whole by its owner and admins (the Template screen).

const t = words('orgs-template');

export const orgTemplateQueryKey = (orgId: string) => ['orgs', orgId, 'template'] as const;

const isTemplate = (data: unknown): data is OrgTemplate =>
  typeof data === 'object' && data !== null && typeof (data as OrgTemplate).rules === 'object';

export const useOrgTemplate = (
  orgId: string | null,
  { refetchOnMount = false }: { refetchOnMount?: 'always' | false } = {},
) =>
  useQuery({
    queryKey: orgTemplateQueryKey(orgId ?? ''),
    queryFn: ({ signal }) =>
      getData(
        `/v1/orgs/${encodeURIComponent(orgId ?? '')}/template`,
        t('orgs-template.load_failed'),
        isTemplate,
        signal,
      ),
    enabled: orgId !== null,
    refetchOnMount,
  });

/** PUT /v1/orgs/{id}/template: the whole template; the answer is the stored one, with its message. */
export function useSaveOrgTemplate(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof orgTemplateBody>) =>
      api.put<{ success: boolean; message: string; data: OrgTemplate }>(
        `/v1/orgs/${encodeURIComponent(orgId)}/template`,
        body,
      ),
    onSuccess: (answer) => client.setQueryData(orgTemplateQueryKey(orgId), answer.data),
  });
}

/**
 * The template the card in view follows, as an editor may use it: `ready` with its organisation's
 * template (a work card) or null (a personal card, known as soon as the account's list of cards
 * is); `loading` while a work card's template, or that list, is on its way; `failed` when either
 * could not be read and nothing is cached. An editor shows no control a template may lock until it
 * is `ready`: a lock that arrives late would first offer the field as the member's own.
 */
export type CardTemplate =
  | { status: 'ready'; template: OrgTemplate | null }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void; retrying: boolean };

const LOADING: CardTemplate = { status: 'loading' };

export function useCardTemplate(): CardTemplate {
  const cards = useCards();
  const id = cardInView();
  const card = cards.data?.cards.find((each) => (id ? each.id === id : each.is_primary));
  const orgId = card?.org_id ?? null;
  // Read anew each time an editor opens (an admin's change of a rule shows then, not 5 minutes
  // later); the cached one stays on screen while it is read.
  const template = useOrgTemplate(orgId, { refetchOnMount: 'always' });
  if (!cards.data)
    return cards.isError
      ? { status: 'failed', retry: () => void cards.refetch(), retrying: cards.isFetching }
      : LOADING;
  if (orgId === null) return { status: 'ready', template: null };
  if (template.data) return { status: 'ready', template: template.data };
  return template.isError
    ? { status: 'failed', retry: () => void template.refetch(), retrying: template.isFetching }
    : LOADING;
}
