import { apiRequest, ApiError, NetworkError } from '@/lib/api-client';

/**
 * GET /v1/user/export: the zip, saved under the name the server gives it. Fetched (the access
 * cookie goes along) rather than linked, so a refusal shows its message; the browser saves the blob.
 */
export async function downloadExport() {
  let res: Response;
  try {
    res = await fetch('/v1/user/export', { credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError('Network error', { cause: error });
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? 'Export failed', {}, body.message);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'cardlink-export.zip';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** DELETE /v1/user: the password, and the authenticator code when that factor is on. */
export const deleteAccount = (body: { current_password: string; code?: string }) =>
  apiRequest<{ success: true; message: string }>('/v1/user', { method: 'DELETE', json: body });
