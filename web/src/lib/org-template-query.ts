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

export const useOrgTemplate = (orgId: string | null) =>
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
 * The template the card in view follows: its organisation's, read only for a work card (the
 * account's list of cards says which card is one); null for a personal card.
 */
export function useCardTemplate(): OrgTemplate | null {
  const cards = useCards();
  const id = cardInView();
  const card = cards.data?.cards.find((each) => (id ? each.id === id : each.is_primary));
  const template = useOrgTemplate(card?.org_id ?? null);
  return card?.org_id ? (template.data ?? null) : null;
}
