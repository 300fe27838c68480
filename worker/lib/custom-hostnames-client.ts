// Cloudflare for SaaS's custom hostnames API (POST, GET and DELETE
// /zones/{zone}/custom_hostnames): the one place the Worker speaks to it. The tests run this very
// client against a local stand-in that answers as Cloudflare does (test/worker/cloudflare-stand-in.ts).

/** What Cloudflare says of a custom hostname (the fields this app reads). */
export type CloudflareHostname = {
  id: string;
  hostname: string;
  /** pending, active, moved, blocked, deleted, and Cloudflare's in-between states. */
  status: string;
  ssl?: {
    status?: string;
    validation_records?: { txt_name?: string; txt_value?: string }[];
    validation_errors?: { message?: string }[];
  };
  ownership_verification?: { type?: string; name?: string; value?: string };
  verification_errors?: string[];
};

export type CloudflareAccess = { api: string; zoneId: string; token: string };

/** Cloudflare refused or failed: its status and its own errors ({ code, message }). */
export class CloudflareApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { code?: number; message?: string }[],
  ) {
    super(['cloudflare api answered', status, ...errors.map((e) => `${e.code ?? ''} ${e.message ?? ''}`)].join(' '));
    this.name = 'CloudflareApiError';
  }
}

/** Cloudflare's code for a hostname another zone (or this one) already has. */
export const DUPLICATE_HOSTNAME = 1406;

const SCHEME = 'Bearer';
const TIMEOUT_MS = 10_000;
const ANSWER_MAX_BYTES = 256 * 1024;

type Envelope = { success?: boolean; errors?: { code?: number; message?: string }[]; result?: unknown };

async function call(
  access: CloudflareAccess,
  method: string,
  path: string,
  body?: unknown,
): Promise<Envelope & { status: number }> {
  const response = await fetch(`${access.api}/zones/${encodeURIComponent(access.zoneId)}/custom_hostnames${path}`, {
    method,
    headers: {
      Authorization: [SCHEME, access.token].join(' '),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    // The API never redirects; following one would send the token elsewhere.
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (text.length > ANSWER_MAX_BYTES) throw new CloudflareApiError(response.status, [{ message: 'answer too large' }]);
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    throw new CloudflareApiError(response.status, [{ message: 'answer is not JSON' }]);
  }
  return { ...envelope, status: response.status };
}

const hostnameOf = (envelope: Envelope & { status: number }) => {
  if (!envelope.success || typeof envelope.result !== 'object' || envelope.result === null)
    throw new CloudflareApiError(envelope.status, envelope.errors ?? []);
  return envelope.result as CloudflareHostname;
};

/** A new custom hostname with a DV certificate, both validated by TXT records before any traffic. */
export async function createHostname(access: CloudflareAccess, hostname: string) {
  return hostnameOf(
    await call(access, 'POST', '', {
      hostname,
      ssl: { method: 'txt', type: 'dv', settings: { min_tls_version: '1.2' } },
    }),
  );
}

/** The hostname as Cloudflare has it now, or null once it is gone there. */
export async function getHostname(access: CloudflareAccess, id: string) {
  const answer = await call(access, 'GET', `/${encodeURIComponent(id)}`);
  if (answer.status === 404) return null;
  return hostnameOf(answer);
}

/** Deletes the hostname (and its certificate); one already gone counts as deleted. */
export async function deleteHostname(access: CloudflareAccess, id: string) {
  const answer = await call(access, 'DELETE', `/${encodeURIComponent(id)}`);
  if (answer.status === 404) return;
  if (!answer.success) throw new CloudflareApiError(answer.status, answer.errors ?? []);
}
