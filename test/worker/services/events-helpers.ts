import { env, SELF } from 'cloudflare:test';
import { statsSchema } from '../../../shared/schemas/stats';
import { flushEvents, type FlushOptions } from '../../../worker/services/events/flush';
import { api, ORIGIN, registerUser } from '../helpers';

// Real browsers' user agents: the device classes the statistics break down.
export const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
} as const;
const AGENTS = Object.values(UA);

/** Visitor i: its own address and one of the browsers; the same i is the same visitor. */
export const visitor = (i: number): Record<string, string> => ({
  'CF-Connecting-IP': `203.0.113.${i}`,
  'User-Agent': AGENTS[i % AGENTS.length]!,
});

export type Owner = Awaited<ReturnType<typeof registerUser>> & { linkIds: number[] };

/** A fresh public card with `links` active links. */
export async function newCard(links = 2): Promise<Owner> {
  const user = await registerUser();
  const linkIds: number[] = [];
  for (let i = 0; i < links; i++) {
    const res = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` },
    });
    if (res.status !== 201) throw new Error(`link: ${res.status} ${JSON.stringify(res.body)}`);
    linkIds.push(res.body.link.id as number);
  }
  return { ...user, linkIds };
}

/** A visitor opening the card (GET /v1/p/{username}); answers the status. */
export async function view(
  username: string,
  headers: Record<string, string>,
  init: { query?: string; country?: string } = {},
) {
  // Cloudflare's edge sets request.cf.country; the test pool lets a request carry it.
  const cf = init.country ? ({ country: init.country } as unknown as CfProperties) : undefined;
  const res = await SELF.fetch(`${ORIGIN}/v1/p/${username}${init.query ?? ''}`, { headers, cf });
  await res.arrayBuffer();
  return res.status;
}

/** A visitor's click report (GET /v1/link/{id}/click); answers the status. */
export async function click(linkId: number, headers: Record<string, string>) {
  const res = await SELF.fetch(`${ORIGIN}/v1/link/${linkId}/click`, { headers });
  await res.arrayBuffer();
  return res.status;
}

export const flush = (options?: FlushOptions) => flushEvents(env.DB, env.EVENTS, options);

/** Flushes until the buffer is empty (a run stops at its KV operation budget). */
export async function flushAll(options?: FlushOptions) {
  for (let run = 0; run < 100; run++) if ((await flush(options)).complete) return run + 1;
  throw new Error('the buffer did not drain');
}

/** Every key still buffered for a card. */
export async function bufferedKeys(ownerId: string) {
  const page = await env.EVENTS.list({ prefix: `ev:${ownerId}:` });
  return page.keys;
}

export const stats = async (token: string) => {
  const res = await api('/v1/user/stats', { token });
  if (res.status !== 200) throw new Error(`stats: ${res.status} ${JSON.stringify(res.body)}`);
  // Every answer also has the documented shape.
  return statsSchema.parse(res.body.data);
};
