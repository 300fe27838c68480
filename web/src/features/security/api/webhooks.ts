import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@shared/schemas/webhooks';
import type { DataResponse } from '@shared/types';
import { api } from '@/lib/api-client';

export type { WebhookDelivery, WebhookEndpoint, WebhookEvent };
export type NewWebhook = { url: string; events: WebhookEvent[]; card_ids: string[] | null };

const base = '/v1/user/webhooks';
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: ['webhooks'] as const,
    queryFn: ({ signal }) => api.get<DataResponse<WebhookEndpoint[]>>(base, signal).then((b) => b.data),
    staleTime: 0,
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions());

/** The delivery log of one endpoint, newest first; read while it is open. */
export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<WebhookDelivery[]>>(`${at(id)}/deliveries`, signal).then((b) => b.data),
    staleTime: 0,
  });

export const useDeliveries = (id: string) => useQuery(deliveriesQueryOptions(id));

function useWebhooksMutation<In, Out>(call: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions().queryKey }),
  });
}

/** POST /v1/user/webhooks: the answer holds the secret, the only time it is shown. */
export const useCreateWebhook = () =>
  useWebhooksMutation((body: NewWebhook) =>
    api.post<DataResponse<WebhookEndpoint & { secret: string }>>(base, body).then((b) => b.data),
  );

export const useDeleteWebhook = () => useWebhooksMutation((id: string) => api.delete(at(id)));

export const useRotateWebhook = () =>
  useWebhooksMutation((id: string) =>
    api.post<DataResponse<WebhookEndpoint & { secret: string }>>(`${at(id)}/rotate`, {}).then((b) => b.data),
  );

export const useEnableWebhook = () => useWebhooksMutation((id: string) => api.post(`${at(id)}/enable`, {}));

export const useSendTest = () => useWebhooksMutation((id: string) => api.post(`${at(id)}/test`, {}));

export const useResend = () =>
  useWebhooksMutation(({ id, delivery }: { id: string; delivery: string }) =>
    api.post(`${at(id)}/deliveries/${encodeURIComponent(delivery)}/resend`, {}),
  );
