import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { importedLink, ImportPreview } from '@shared/schemas/link-import';
import type { DataResponse } from '@shared/types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /v1/user/links/import/preview: the Worker reads the page; nothing is created yet. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (url: string) =>
      api.post<DataResponse<ImportPreview>>('/v1/user/links/import/preview', { url }).then((body) => body.data),
  });

/** POST /v1/user/links/import: the chosen links, all or none. */
export function useImportLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (links: z.input<typeof importedLink>[]) =>
      api.post<{ message: string; data: { created: number } }>('/v1/user/links/import', { links }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.links }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
      ]),
  });
}
