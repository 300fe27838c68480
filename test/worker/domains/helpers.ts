import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { inject } from 'vitest';
import { app } from '../../../worker/app';
import type { Bindings } from '../../../worker/env';
import { readAnswer, toRequest, type ApiInit } from '../helpers';
import { STAND_IN_TOKEN, STAND_IN_ZONE } from './stand-in-access';

/** This deployment with custom domains through the stand-in of Cloudflare's API. */
export const withCloudflare: Bindings = {
  ...env,
  CUSTOM_DOMAINS_ZONE_ID: STAND_IN_ZONE,
  CUSTOM_DOMAINS_API_TOKEN: STAND_IN_TOKEN,
  CUSTOM_DOMAINS_TARGET: 'cards.card.test',
  CUSTOM_DOMAINS_BLOCKLIST: 'blocked.example, bank.example',
  CUSTOM_DOMAINS_API: inject('cloudflareApi'),
};

/** A request to `host` (the deployment's own, card.test, unless named), answered once its waitUntil work is done. */
export async function at(host: string | null, path: string, init: ApiInit = {}, bindings: Bindings = withCloudflare) {
  const request = toRequest(path, init);
  const url = new URL(request.url);
  if (host) url.hostname = host;
  const ctx = createExecutionContext();
  const response = await app.request(new Request(url, request), undefined, bindings, ctx);
  const answer = await readAnswer(response);
  await waitOnExecutionContext(ctx);
  return answer;
}

/** Moves a hostname to another state at the stand-in, as Cloudflare would. */
export async function cloudflareSays(hostname: string, change: Record<string, unknown>) {
  const res = await fetch(`${inject('cloudflareApi')}/__stand-in/${hostname}`, {
    method: 'POST',
    body: JSON.stringify(change),
  });
  if (!res.ok) throw new Error(`stand-in answered ${res.status}`);
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
