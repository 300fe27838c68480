import { api } from '@/lib/api-client';

// Before a link is saved (docs/product.md §2, Links): its page read once for a title and a
// thumbnail, or the owner's own picture made into one. Both answer a thumbnail on this site.

export type LinkPreview = { url: string; title: string | null; thumbnail_url: string | null; note: string | null };

export const readLinkPage = (url: string) =>
  api.post<{ success: true; data: LinkPreview }>('/v1/user/links/preview', { url }).then((body) => body.data);

export function uploadThumbnail(file: File) {
  const form = new FormData();
  form.append('thumbnail', file);
  return api
    .postForm<{ success: true; data: { thumbnail_url: string } }>('/v1/user/links/thumbnail', form)
    .then((body) => body.data.thumbnail_url);
}
