// The /v1 API against its contract: every JSON endpoint is called for real, and its real answer is
// parsed with its schema from shared/schemas (strict objects: a field added, lost or retyped
// fails here), the schema that the contract table (shared/contract/, which the API reference is
// made from) names for that route and status. The last test checks that the table lists exactly
// the /v1 routes of the app and that none of their JSON answers was left out.
import { domainResponse, domainSavedResponse } from '@shared/schemas/domains';
import { env } from 'cloudflare:test';
import { adminOrgsResponse } from '@shared/schemas/admin-orgs';
import { adminDomainsResponse } from '@shared/schemas/admin-domains';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { z } from 'zod';
import { apiRoutes, contractOf } from '@shared/contract/routes';
import { isOtherAnswer, routeKey, type SuccessStatus } from '@shared/contract/types';
import {
  cookieSignedInResponse,
  cookieTokensResponse,
  otpVerifiedResponse,
  pendingRegistrationResponse,
  secondFactorRequiredResponse,
  signedInResponse,
  tokensResponse,
  usernameAvailabilityResponse,
} from '@shared/schemas/auth';
import { publicConfigResponse } from '@shared/schemas/config';
import { healthResponse, platformStatusResponse, versionResponse } from '@shared/schemas/health';
import { cardResponse, cardsResponse } from '@shared/schemas/cards';
import { contactSettingsResponse, contactsListResponse } from '@shared/schemas/contacts';
import { orgAnalyticsResponse, orgContactsResponse } from '@shared/schemas/org-data';
import { mediaMigrationResponse, outboxResponse, syntheticEventsResponse } from '@shared/schemas/dev';
import { importedLinksResponse, importPreviewResponse } from '@shared/schemas/link-import';
import {
  linkPreviewResponse,
  linkSavedResponse,
  linksReorderedResponse,
  linksResponse,
  linkThumbnailResponse,
} from '@shared/schemas/links';
import { imageSourceResponse } from '@shared/schemas/media';
import {
  adminAccountsResponse,
  adminAuditResponse,
  adminFlaggedLinksResponse,
  adminReportsResponse,
} from '@shared/schemas/admin';
import { publicCardResponse } from '@shared/schemas/public-card';
import { errorResponse, messageResponse } from '@shared/schemas/responses';
import {
  emailChangeStartedResponse,
  passkeyAddedResponse,
  passkeyRegistrationOptionsResponse,
  passkeySignInOptionsResponse,
  passkeysResponse,
  recoveryCodesResponse,
  securityOverviewResponse,
  totpSetupResponse,
} from '@shared/schemas/security';
import { otherSessionsEndedResponse, sessionsResponse } from '@shared/schemas/sessions';
import { statsResponse } from '@shared/schemas/stats';
import { apiTokenCreatedResponse, apiTokensResponse } from '@shared/schemas/tokens';
import { TOKEN_ROUTE_SCOPES } from '@shared/token-scopes';
import {
  webhookCreatedResponse,
  webhookDeliveriesResponse,
  webhookDeliveryResponse,
  webhooksResponse,
} from '@shared/schemas/webhooks';
import {
  auditResponse,
  csvPreviewResponse,
  invitationResponse,
  invitationsResponse,
  inviteLinkResponse,
  inviteResultResponse,
  orgMembersResponse,
  orgResponse,
  orgsResponse,
  workCardsResponse,
} from '@shared/schemas/orgs';
import {
  orgTemplateBackgroundResponse,
  orgTemplateResponse,
  orgTemplateSavedResponse,
} from '@shared/schemas/org-template';
import { templateChoiceResponse, templatesResponse, themeChoiceResponse, themesResponse } from '@shared/schemas/themes';
import { userResponse } from '@shared/schemas/user';
import { googleSaveLinkResponse, walletAvailabilityResponse } from '@shared/schemas/wallet';
import ada from '../fixtures/linktree/adalovelace.html?raw';
import { app } from '../../worker/app';
import worker from '../../worker/index';
import { apiWith, login, outbox, post } from './auth-helpers';
import { postContact, setExchange } from './contacts/contact-helpers';
import { api, newAccount, ORIGIN, readAnswer, registerUser, toRequest, type ApiInit } from './helpers';
import { file, imageBytes, postForm } from './images';
import { createCard, type Owner } from './page-helpers';
import { enableTotp, forgetLastStep, nextCode } from './security-helpers';
import { createAuthenticator } from './software-authenticator';
import { googleTestCredentials } from './wallet-keys';
import { webBrowser } from './web-browser';
import { newKey, receiverUrl, settled } from './webhook-helpers';

type Answer = Awaited<ReturnType<typeof api>>;

/** The answers checked, by route (`METHOD /path` with the app's own parameter names). */
const covered = new Map<string, Set<z.ZodType>>();

/** The contract's JSON answers of a route at a status. */
const documented = (route: string, status: number) => {
  const answer = contractOf(route)?.answers[status as SuccessStatus];
  return answer === undefined || isOtherAnswer(answer) ? [] : [answer].flat();
};

/** The answer has the status and, parsed with the schema the contract names for it, that shape. */
function conforms(route: string, answer: Answer, status: number, schema: z.ZodType) {
  covered.set(route, (covered.get(route) ?? new Set()).add(schema));
  expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(documented(route, status), `${route} ${status}: not the answer shared/contract/ names`).toContain(schema);
  schema.parse(answer.body);
}

/** The Worker called in this isolate, with the bindings changed: for a fake Linktree or wallet secrets. */
async function call(path: string, init: ApiInit = {}, bindings: Record<string, string> = {}) {
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
  const request = toRequest(path, init) as Request<unknown, IncomingRequestCfProperties>;
  return readAnswer(await worker.fetch(request, { ...env, ...bindings }, ctx as unknown as ExecutionContext));
}

const grantAdmin = (id: string) => env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(id).run();

/** Signs in past the authenticator-app factor: the session an operator needs. */
async function signInWithCode(user: { email: string; password: string }, secret: string) {
  const first = await login(user.email, user.password);
  const done = await post('/v1/auth/login/second-factor', {
    mfa_token: first.body.mfa_token,
    code: await nextCode(secret),
  });
  if (done.status !== 200) throw new Error(`second factor: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.token as string;
}

let owner: Owner;

beforeAll(async () => {
  owner = await createCard({ name: 'Ada Lovelace', bio: 'Analyst', links: 3, avatar: true, cover: true });
}, 120_000);

describe('/v1/auth', { timeout: 60_000 }, () => {
  it('registers, signed in at once or pending an operator', async () => {
    conforms('POST /v1/auth/register', await post('/v1/auth/register', newAccount()), 201, signedInResponse);
    const pending = await apiWith({ REQUIRE_ACTIVATION: 'true' }, '/v1/auth/register', {
      method: 'POST',
      json: newAccount(),
    });
    conforms('POST /v1/auth/register', pending, 202, pendingRegistrationResponse);
    const { username } = newAccount();
    conforms(
      'GET /v1/auth/username',
      await api(`/v1/auth/username?username=${username}`),
      200,
      usernameAvailabilityResponse,
    );
  });

  it('signs in, refreshes and signs out', async () => {
    const user = await registerUser();
    const signed = await login(user.email, user.password);
    conforms('POST /v1/auth/login', signed, 200, signedInResponse);
    const refreshed = await post('/v1/auth/refresh', { refresh_token: signed.body.refresh_token });
    conforms('POST /v1/auth/refresh', refreshed, 200, tokensResponse);
    const out = await post('/v1/auth/logout', { refresh_token: refreshed.body.refresh_token });
    conforms('POST /v1/auth/logout', out, 200, messageResponse);
    const everywhere = await api('/v1/auth/logout', { method: 'POST', token: user.token, json: { all_devices: true } });
    conforms('POST /v1/auth/logout', everywhere, 200, messageResponse);
  });

  it('answers the web app, which asks for cookies only, without the tokens', async () => {
    const browser = webBrowser();
    const account = newAccount();
    conforms('POST /v1/auth/register', await browser.post('/v1/auth/register', account), 201, cookieSignedInResponse);
    conforms('POST /v1/auth/refresh', await browser.post('/v1/auth/refresh', {}), 200, cookieTokensResponse);
    const signed = await browser.post('/v1/auth/login', { email: account.email, password: account.password });
    conforms('POST /v1/auth/login', signed, 200, cookieSignedInResponse);
  });

  it('signs in with a second factor', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    const first = await login(user.email, user.password);
    conforms('POST /v1/auth/login', first, 200, secondFactorRequiredResponse);
    const done = await post('/v1/auth/login/second-factor', {
      mfa_token: first.body.mfa_token,
      code: await nextCode(secret),
    });
    conforms('POST /v1/auth/login/second-factor', done, 200, signedInResponse);
    await forgetLastStep(user.id);
    const browser = webBrowser();
    const again = await browser.post('/v1/auth/login', { email: user.email, password: user.password });
    const code = { mfa_token: again.body.mfa_token, code: await nextCode(secret) };
    conforms(
      'POST /v1/auth/login/second-factor',
      await browser.post('/v1/auth/login/second-factor', code),
      200,
      cookieSignedInResponse,
    );
  });

  it('resets a forgotten password with the mailed code', async () => {
    const user = await registerUser();
    const asked = await post('/v1/auth/forgot-password', { email: user.email });
    conforms('POST /v1/auth/forgot-password', asked, 200, messageResponse);
    const mail = await api(`/v1/dev/mail?to=${encodeURIComponent(user.email)}`);
    conforms('GET /v1/dev/mail', mail, 200, outboxResponse);
    const verified = await post('/v1/auth/verify-otp', { email: user.email, otp: mail.body.data[0].code });
    conforms('POST /v1/auth/verify-otp', verified, 200, otpVerifiedResponse);
    const reset = await post('/v1/auth/reset-password', {
      email: user.email,
      token: verified.body.data.token,
      password: 'Lantern42Orbit!',
      password_confirmation: 'Lantern42Orbit!',
    });
    conforms('POST /v1/auth/reset-password', reset, 200, messageResponse);
  });
});

describe('passkeys', { timeout: 60_000 }, () => {
  it('adds one, lists it, signs in with it and removes it', async () => {
    const user = await registerUser();
    const authenticator = await createAuthenticator(ORIGIN);
    const base = '/v1/user/security/passkeys';
    const options = await api(`${base}/options`, {
      method: 'POST',
      token: user.token,
      json: { current_password: user.password },
    });
    conforms(`POST ${base}/options`, options, 200, passkeyRegistrationOptionsResponse);
    const response = await authenticator.register(options.body.data);
    const added = await api(base, { method: 'POST', token: user.token, json: { name: 'Laptop', response } });
    conforms(`POST ${base}`, added, 201, passkeyAddedResponse);
    conforms(`GET ${base}`, await api(base, { token: user.token }), 200, passkeysResponse);

    const signIn = await post('/v1/auth/passkey/options', {});
    conforms('POST /v1/auth/passkey/options', signIn, 200, passkeySignInOptionsResponse);
    const verified = await post('/v1/auth/passkey/verify', { response: await authenticator.signIn(signIn.body.data) });
    conforms('POST /v1/auth/passkey/verify', verified, 200, signedInResponse);
    const browser = webBrowser();
    const options2 = await browser.post('/v1/auth/passkey/options', {});
    const inBrowser = await browser.post('/v1/auth/passkey/verify', {
      response: await authenticator.signIn(options2.body.data),
    });
    conforms('POST /v1/auth/passkey/verify', inBrowser, 200, cookieSignedInResponse);

    const removed = await api(`${base}/${added.body.data.id}`, {
      method: 'DELETE',
      token: user.token,
      json: { current_password: user.password },
    });
    conforms(`DELETE ${base}/:id`, removed, 200, messageResponse);
  });
});

describe('/v1/user/profile', { timeout: 120_000 }, () => {
  const base = '/v1/user/profile';

  it('reads and updates the profile', async () => {
    conforms(`GET ${base}`, await api(base, { token: owner.token }), 200, userResponse);
    const updated = await postForm(`${base}/update`, owner.token, {
      name: owner.name,
      username: owner.username,
      bio: 'Analyst and engineer',
      contact_exchange: '1',
    });
    conforms(`POST ${base}/update`, updated, 200, userResponse);
  });

  it("changes the account's language", async () => {
    const user = await registerUser();
    conforms(
      'PUT /v1/user/language',
      await api('/v1/user/language', { method: 'PUT', token: user.token, json: { language: 'de' } }),
      200,
      userResponse,
    );
  });

  it('replaces, crops and removes the photo and the cover', async () => {
    const user = await registerUser();
    const avatar = await postForm(`${base}/avatar`, user.token, {
      avatar: file(await imageBytes('png'), 'a.png', 'image/png'),
    });
    conforms(`POST ${base}/avatar`, avatar, 200, userResponse);
    const cover = await postForm(`${base}/cover-image`, user.token, {
      cover_image: file(await imageBytes('jpeg'), 'c.jpg', 'image/jpeg'),
    });
    conforms(`POST ${base}/cover-image`, cover, 200, userResponse);
    for (const kind of ['avatar', 'cover-image']) {
      conforms(
        `GET ${base}/${kind}/source`,
        await api(`${base}/${kind}/source`, { token: user.token }),
        200,
        imageSourceResponse,
      );
      const box = { x: 0, y: 0, width: 0.5, height: 0.5 };
      const cropped = await api(`${base}/${kind}/crop`, { method: 'POST', token: user.token, json: box });
      conforms(`POST ${base}/${kind}/crop`, cropped, 200, userResponse);
      const removed = await api(`${base}/${kind}`, { method: 'DELETE', token: user.token });
      conforms(`DELETE ${base}/${kind}`, removed, 200, userResponse);
    }
  });

  it("uploads and removes the custom theme's background", async () => {
    const user = await registerUser();
    const uploaded = await postForm(`${base}/background-image`, user.token, {
      background_image: file(await imageBytes('png'), 'b.png', 'image/png'),
    });
    conforms(`POST ${base}/background-image`, uploaded, 200, userResponse);
    const removed = await api(`${base}/background-image`, { method: 'DELETE', token: user.token });
    conforms(`DELETE ${base}/background-image`, removed, 200, userResponse);
  });

  it('uploads and removes the company logo', async () => {
    const user = await registerUser();
    const uploaded = await postForm(`${base}/logo`, user.token, {
      logo: file(await imageBytes('png'), 'l.png', 'image/png'),
    });
    conforms(`POST ${base}/logo`, uploaded, 200, userResponse);
    const removed = await api(`${base}/logo`, { method: 'DELETE', token: user.token });
    conforms(`DELETE ${base}/logo`, removed, 200, userResponse);
  });

  it('chooses a preset, a custom theme and a template', async () => {
    const preset = await api(`${base}/theme`, { method: 'PUT', token: owner.token, json: { theme_id: 1 } });
    conforms(`PUT ${base}/theme`, preset, 200, themeChoiceResponse);
    const custom = await api(`${base}/theme`, {
      method: 'PUT',
      token: owner.token,
      json: { custom_theme: { background_color: '#112233', background_image: 'https://example.com/b.png' } },
    });
    conforms(`PUT ${base}/theme`, custom, 200, themeChoiceResponse);
    const template = await api(`${base}/template`, { method: 'PUT', token: owner.token, json: { template_id: 1 } });
    conforms(`PUT ${base}/template`, template, 200, templateChoiceResponse);
    const layout = await api(`${base}/signature-layout`, {
      method: 'PUT',
      token: owner.token,
      json: { signature_layout: 'compact' },
    });
    conforms(`PUT ${base}/signature-layout`, layout, 200, userResponse);
    // The profile now carries a custom theme and a template: its answer is checked with them too.
    conforms(`GET ${base}`, await api(base, { token: owner.token }), 200, userResponse);
  });

  it('lists the catalogue', async () => {
    conforms('GET /v1/user/themes', await api('/v1/user/themes', { token: owner.token }), 200, themesResponse);
    const templates = await api('/v1/user/templates', { token: owner.token });
    conforms('GET /v1/user/templates', templates, 200, templatesResponse);
  });
});

describe('/v1/user/links', { timeout: 60_000 }, () => {
  const base = '/v1/user/links';

  it('lists, creates, reorders, updates and deletes', async () => {
    conforms(`GET ${base}`, await api(base, { token: owner.token }), 200, linksResponse);
    const json = { title: 'Blog', url: 'https://ada.example.com/blog', icon: '/icons/website.svg' };
    const created = await api(base, { method: 'POST', token: owner.token, json });
    conforms(`POST ${base}`, created, 201, linkSavedResponse);
    const ids = [created.body.link.id as number, ...owner.linkIds];
    const reordered = await api(`${base}/order`, { method: 'PUT', token: owner.token, json: { ids } });
    conforms(`PUT ${base}/order`, reordered, 200, linksReorderedResponse);
    const updated = await api(`${base}/${ids[0]}`, { method: 'PUT', token: owner.token, json: { is_active: false } });
    conforms(`PUT ${base}/:id`, updated, 200, linkSavedResponse);
    const deleted = await api(`${base}/${ids[0]}`, { method: 'DELETE', token: owner.token });
    conforms(`DELETE ${base}/:id`, deleted, 200, messageResponse);
    const restored = await api(`${base}/${ids[0]}/restore`, { method: 'POST', token: owner.token, json: {} });
    conforms(`POST ${base}/:id/restore`, restored, 200, linkSavedResponse);
  });

  it("reads a link's page and takes the owner's own thumbnail", async () => {
    const url = `${inject('pageServer')}/article`;
    const read = await api(`${base}/preview`, { method: 'POST', token: owner.token, json: { url } });
    conforms(`POST ${base}/preview`, read, 200, linkPreviewResponse);
    const own = await postForm(`${base}/thumbnail`, owner.token, {
      thumbnail: file(await imageBytes('png'), 't.png', 'image/png'),
    });
    conforms(`POST ${base}/thumbnail`, own, 201, linkThumbnailResponse);
    // Thumbnails no link saved stay until the account goes (decision 0100): these go now, so the
    // media tests, which hold the shared bucket to what the cards use, never meet them.
    for (const answered of [read.body.data.thumbnail_url, own.body.data.thumbnail_url] as (string | null)[]) {
      const set = answered ? /\/media\/(thumbs\/[0-9a-f]{32}\/[0-9a-f]{32})\//.exec(answered)?.[1] : undefined;
      if (!set) continue;
      const listed = await env.MEDIA.list({ prefix: `${set}/` });
      await env.MEDIA.delete(listed.objects.map((object) => object.key));
    }
  });

  describe('import', () => {
    beforeAll(() => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        async () => new Response(ada, { headers: { 'Content-Type': 'text/html' } }),
      );
    });
    afterAll(() => vi.restoreAllMocks());

    it('previews a Linktree page and imports the chosen links', async () => {
      const user = await registerUser();
      const preview = await call(`${base}/import/preview`, {
        method: 'POST',
        token: user.token,
        json: { url: 'https://linktr.ee/adalovelace' },
      });
      conforms(`POST ${base}/import/preview`, preview, 200, importPreviewResponse);
      const chosen = preview.body.data.links.slice(0, 2);
      const imported = await api(`${base}/import`, {
        method: 'POST',
        token: user.token,
        json: {
          links: chosen.map(({ title, url, kind }: { title: string; url: string; kind?: string }) => ({
            title,
            url,
            ...(kind ? { kind } : {}),
          })),
        },
      });
      conforms(`POST ${base}/import`, imported, 201, importedLinksResponse);
    });
  });
});

describe('/v1/cards', { timeout: 60_000 }, () => {
  it("lists, makes, reads, makes primary and deletes the account's cards", async () => {
    const user = await registerUser();
    conforms('GET /v1/cards', await api('/v1/cards', { token: user.token }), 200, cardsResponse);
    const made = await api('/v1/cards', {
      method: 'POST',
      token: user.token,
      json: { username: newAccount().username, name: 'Second Card' },
    });
    conforms('POST /v1/cards', made, 201, cardResponse);
    const id = made.body.data.id as string;
    conforms('GET /v1/cards/:cardId', await api(`/v1/cards/${id}`, { token: user.token }), 200, cardResponse);
    const primary = await api(`/v1/cards/${id}/primary`, { method: 'POST', token: user.token });
    conforms('POST /v1/cards/:cardId/primary', primary, 200, cardResponse);
    const deleted = await api(`/v1/cards/${user.id}`, {
      method: 'DELETE',
      token: user.token,
      json: { username: user.username },
    });
    conforms('DELETE /v1/cards/:cardId', deleted, 200, messageResponse);
    // The card's own domain, on a development `.localhost` name (active at once, no Cloudflare).
    const domainPath = `/v1/cards/${id}/domain`;
    conforms('GET /v1/cards/:cardId/domain', await api(domainPath, { token: user.token }), 200, domainResponse);
    const host = `card.${made.body.data.username.replace(/_/g, '-')}.localhost`;
    const added = await api(domainPath, { method: 'POST', token: user.token, json: { hostname: host } });
    conforms('POST /v1/cards/:cardId/domain', added, 201, domainSavedResponse);
    const removed = await api(domainPath, { method: 'DELETE', token: user.token });
    conforms('DELETE /v1/cards/:cardId/domain', removed, 200, domainSavedResponse);
  });

  it("answers a card's links under its own path as under /v1/user/links", async () => {
    const user = await registerUser();
    const made = await api('/v1/cards', {
      method: 'POST',
      token: user.token,
      json: { username: newAccount().username, name: 'Links Card' },
    });
    const base = `/v1/cards/${made.body.data.id as string}/links`;
    const key = '/v1/cards/:cardId/links';
    conforms(`GET ${key}`, await api(base, { token: user.token }), 200, linksResponse);
    const created = await api(base, {
      method: 'POST',
      token: user.token,
      json: { title: 'A', url: 'https://a.example.com/' },
    });
    conforms(`POST ${key}`, created, 201, linkSavedResponse);
    const id = created.body.link.id as number;
    const reordered = await api(`${base}/order`, { method: 'PUT', token: user.token, json: { ids: [id] } });
    conforms(`PUT ${key}/order`, reordered, 200, linksReorderedResponse);
    const updated = await api(`${base}/${id}`, { method: 'PUT', token: user.token, json: { is_active: false } });
    conforms(`PUT ${key}/:id`, updated, 200, linkSavedResponse);
    conforms(
      `DELETE ${key}/:id`,
      await api(`${base}/${id}`, { method: 'DELETE', token: user.token }),
      200,
      messageResponse,
    );
    const restored = await api(`${base}/${id}/restore`, { method: 'POST', token: user.token, json: {} });
    conforms(`POST ${key}/:id/restore`, restored, 200, linkSavedResponse);
  });
});

describe("the public card and its owner's numbers", { timeout: 60_000 }, () => {
  it('answers the card to a visitor', async () => {
    const card = await api(`/v1/p/${owner.username}`);
    conforms('GET /v1/p/:username', card, 200, publicCardResponse);
    expect(card.body.data.links.length).toBeGreaterThan(0);
  });

  it('answers the statistics', async () => {
    const stats = await api('/v1/user/stats?range=30', { token: owner.token });
    conforms('GET /v1/user/stats', stats, 200, statsResponse);
  });

  it('answers the run-time configuration to anyone', async () => {
    conforms('GET /v1/config', await api('/v1/config'), 200, publicConfigResponse);
  });

  it("answers the deployment's health and version to anyone", async () => {
    conforms('GET /v1/health', await api('/v1/health'), 200, healthResponse);
    conforms('GET /v1/version', await api('/v1/version'), 200, versionResponse);
  });
});

describe('/v1/user/security and sessions', { timeout: 90_000 }, () => {
  const base = '/v1/user/security';

  it('turns the authenticator app on and off, replaces recovery codes, changes password and e-mail', async () => {
    const user = await registerUser();
    const call = (method: string, path: string, json?: unknown) =>
      api(`${base}${path}`, { method, token: user.token, json });
    conforms(`GET ${base}`, await call('GET', ''), 200, securityOverviewResponse);
    const setup = await call('POST', '/totp/setup', { current_password: user.password });
    conforms(`POST ${base}/totp/setup`, setup, 200, totpSetupResponse);
    const secret = setup.body.data.secret as string;
    const enabled = await call('POST', '/totp/enable', { code: await nextCode(secret, 0) });
    conforms(`POST ${base}/totp/enable`, enabled, 200, recoveryCodesResponse);
    const codes = await call('POST', '/recovery-codes', { current_password: user.password });
    conforms(`POST ${base}/recovery-codes`, codes, 200, recoveryCodesResponse);
    const disabled = await call('POST', '/totp/disable', { current_password: user.password });
    conforms(`POST ${base}/totp/disable`, disabled, 200, messageResponse);

    const password = 'harbour-17-meadow';
    const changed = await call('POST', '/password', {
      current_password: user.password,
      password,
      password_confirmation: password,
    });
    conforms(`POST ${base}/password`, changed, 200, messageResponse);
    const email = `moved_${user.email}`;
    const started = await call('POST', '/email', { current_password: password, email });
    conforms(`POST ${base}/email`, started, 202, emailChangeStartedResponse);
    const [mail] = await outbox(email);
    const confirmed = await call('POST', '/email/confirm', { code: mail?.code });
    conforms(`POST ${base}/email/confirm`, confirmed, 200, userResponse);
  });

  it('lists the sessions, ends one and then all the others', async () => {
    const user = await registerUser();
    await login(user.email, user.password);
    await login(user.email, user.password);
    const listed = await api('/v1/user/sessions', { token: user.token });
    conforms('GET /v1/user/sessions', listed, 200, sessionsResponse);
    const other = (listed.body.data as { id: string; current: boolean }[]).find((session) => !session.current);
    const ended = await api(`/v1/user/sessions/${other?.id}`, { method: 'DELETE', token: user.token });
    conforms('DELETE /v1/user/sessions/:id', ended, 200, messageResponse);
    const rest = await api('/v1/user/sessions', { method: 'DELETE', token: user.token });
    conforms('DELETE /v1/user/sessions', rest, 200, otherSessionsEndedResponse);
  });
});

describe('/v1/user/tokens', { timeout: 60_000 }, () => {
  it('makes, lists and revokes a token', async () => {
    const user = await registerUser();
    const base = '/v1/user/tokens';
    const made = await api(base, {
      method: 'POST',
      token: user.token,
      json: { name: 'CI', scopes: ['cards:read'], expires_in_days: null, current_password: user.password },
    });
    conforms(`POST ${base}`, made, 201, apiTokenCreatedResponse);
    conforms(`GET ${base}`, await api(base, { token: user.token }), 200, apiTokensResponse);
    const gone = await api(`${base}/${made.body.data.id}`, { method: 'DELETE', token: user.token });
    conforms(`DELETE ${base}/:id`, gone, 200, messageResponse);
  });
});

describe('/v1/user/webhooks', { timeout: 60_000 }, () => {
  it('adds, lists, rotates, tests, logs, sends again, enables and deletes a webhook', async () => {
    const user = await registerUser();
    const base = '/v1/user/webhooks';
    const made = await api(base, {
      method: 'POST',
      token: user.token,
      json: { url: receiverUrl(newKey()), events: ['link.created'] },
    });
    conforms(`POST ${base}`, made, 201, webhookCreatedResponse);
    const id = made.body.data.id as string;
    conforms(`GET ${base}`, await api(base, { token: user.token }), 200, webhooksResponse);
    const rotated = await api(`${base}/${id}/rotate`, { method: 'POST', token: user.token });
    conforms(`POST ${base}/:id/rotate`, rotated, 200, webhookCreatedResponse);
    const test = await api(`${base}/${id}/test`, { method: 'POST', token: user.token });
    conforms(`POST ${base}/:id/test`, test, 202, webhookDeliveryResponse);
    await settled(id, 1);
    const log = await api(`${base}/${id}/deliveries`, { token: user.token });
    conforms(`GET ${base}/:id/deliveries`, log, 200, webhookDeliveriesResponse);
    const again = await api(`${base}/${id}/deliveries/${test.body.data.id}/resend`, {
      method: 'POST',
      token: user.token,
    });
    conforms(`POST ${base}/:id/deliveries/:deliveryId/resend`, again, 202, webhookDeliveryResponse);
    const enabled = await api(`${base}/${id}/enable`, { method: 'POST', token: user.token });
    conforms(`POST ${base}/:id/enable`, enabled, 200, messageResponse);
    const gone = await api(`${base}/${id}`, { method: 'DELETE', token: user.token });
    conforms(`DELETE ${base}/:id`, gone, 200, messageResponse);
  });
});

describe('/v1/orgs', { timeout: 60_000 }, () => {
  it('makes an organisation, invites, claims, joins by link, removes, reassigns, deletes and reads the log', async () => {
    const owner = await registerUser();
    const [invitee, joiner] = [await registerUser(), await registerUser()];
    const made = await api('/v1/orgs', {
      method: 'POST',
      token: owner.token,
      json: { name: 'Acme Ltd', slug: `acme-${crypto.randomUUID().slice(0, 8)}` },
    });
    conforms('POST /v1/orgs', made, 201, orgResponse);
    const base = `/v1/orgs/${made.body.data.id}`;
    conforms('GET /v1/orgs', await api('/v1/orgs', { token: owner.token }), 200, orgsResponse);
    conforms('GET /v1/orgs/:orgId', await api(base, { token: owner.token }), 200, orgResponse);
    const put = await api(base, { method: 'PUT', token: owner.token, json: { seats: 10 } });
    conforms('PUT /v1/orgs/:orgId', put, 200, orgResponse);
    const csv = { csv: `email,name\r\n${invitee.email},Ada\r\nlater@example.com,Later` };
    const preview = await api(`${base}/invitations/csv/preview`, { method: 'POST', token: owner.token, json: csv });
    conforms('POST /v1/orgs/:orgId/invitations/csv/preview', preview, 200, csvPreviewResponse);
    const sent = await api(`${base}/invitations/csv`, { method: 'POST', token: owner.token, json: csv });
    conforms('POST /v1/orgs/:orgId/invitations/csv', sent, 201, inviteResultResponse);
    const byMail = await api(`${base}/invitations`, {
      method: 'POST',
      token: owner.token,
      json: { emails: ['x@example.com'] },
    });
    conforms('POST /v1/orgs/:orgId/invitations', byMail, 201, inviteResultResponse);
    conforms(
      'GET /v1/orgs/:orgId/invitations',
      await api(`${base}/invitations`, { token: owner.token }),
      200,
      invitationsResponse,
    );
    const later = (sent.body.data.invitations as { id: string; email: string }[]).find(
      (row) => row.email === 'later@example.com',
    )!;
    const resent = await api(`${base}/invitations/${later.id}/resend`, { method: 'POST', token: owner.token });
    conforms('POST /v1/orgs/:orgId/invitations/:id/resend', resent, 200, invitationResponse);
    const withdrawn = await api(`${base}/invitations/${later.id}`, { method: 'DELETE', token: owner.token });
    conforms('DELETE /v1/orgs/:orgId/invitations/:id', withdrawn, 200, messageResponse);
    const mail = (await api(`/v1/dev/mail?to=${encodeURIComponent(invitee.email)}`)).body.data[0].text as string;
    const token = /claim\?token=([\w-]+)/.exec(mail)![1];
    const claimed = await api('/v1/orgs/invitations/claim', { method: 'POST', token: invitee.token, json: { token } });
    conforms('POST /v1/orgs/invitations/claim', claimed, 200, orgResponse);
    const link = await api(`${base}/invite-link`, { method: 'POST', token: owner.token });
    conforms('POST /v1/orgs/:orgId/invite-link', link, 200, inviteLinkResponse);
    const joined = await api('/v1/orgs/join', {
      method: 'POST',
      token: joiner.token,
      json: {
        token: new URL(link.body.data.url).searchParams.get('token'),
        username: `j-${crypto.randomUUID().slice(0, 8)}`,
      },
    });
    conforms('POST /v1/orgs/join', joined, 201, orgResponse);
    conforms(
      'GET /v1/orgs/:orgId/template',
      await api(`${base}/template`, { token: owner.token }),
      200,
      orgTemplateResponse,
    );
    const template = await api(`${base}/template`, {
      method: 'PUT',
      token: owner.token,
      json: {
        rules: { company: 'locked', pronouns: 'hidden' },
        locked_values: { company: 'Acme' },
        required_links: [{ title: 'Acme', url: 'https://acme.example.com' }],
      },
    });
    conforms('PUT /v1/orgs/:orgId/template', template, 200, orgTemplateSavedResponse);
    const orgLogo = await postForm(`${base}/template/logo`, owner.token, {
      logo: file(await imageBytes('png'), 'logo.png', 'image/png'),
    });
    conforms('POST /v1/orgs/:orgId/template/logo', orgLogo, 200, orgTemplateSavedResponse);
    conforms(
      'DELETE /v1/orgs/:orgId/template/logo',
      await api(`${base}/template/logo`, { method: 'DELETE', token: owner.token }),
      200,
      orgTemplateSavedResponse,
    );
    const background = await postForm(`${base}/template/background-image`, owner.token, {
      background_image: file(await imageBytes('png'), 'b.png', 'image/png'),
    });
    conforms('POST /v1/orgs/:orgId/template/background-image', background, 200, orgTemplateBackgroundResponse);
    // No template saves this upload and no card names its files: they go now, so the media tests,
    // which hold the shared bucket to what the cards use, never meet them.
    const set = /\/media\/(backgrounds\/org-[0-9a-f]{32}\/[0-9a-f]{32})\//.exec(
      background.body.data.background_image,
    )?.[1];
    expect(set).toBeDefined();
    const listed = await env.MEDIA.list({ prefix: `${set}/` });
    await env.MEDIA.delete(listed.objects.map((object) => object.key));
    conforms(
      'DELETE /v1/orgs/:orgId/invite-link',
      await api(`${base}/invite-link`, { method: 'DELETE', token: owner.token }),
      200,
      messageResponse,
    );
    conforms(
      'GET /v1/orgs/:orgId/members',
      await api(`${base}/members`, { token: owner.token }),
      200,
      orgMembersResponse,
    );
    const role = await api(`${base}/members/${joiner.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { role: 'admin' },
    });
    conforms('PUT /v1/orgs/:orgId/members/:userId', role, 200, messageResponse);
    const cards = await api(`${base}/cards`, { token: owner.token });
    conforms('GET /v1/orgs/:orgId/cards', cards, 200, workCardsResponse);
    const removed = await api(`${base}/members/${invitee.id}`, { method: 'DELETE', token: owner.token });
    conforms('DELETE /v1/orgs/:orgId/members/:userId', removed, 200, messageResponse);
    const left = await api(`${base}/leave`, { method: 'POST', token: joiner.token });
    conforms('POST /v1/orgs/:orgId/leave', left, 200, messageResponse);
    const paused = (await api(`${base}/cards`, { token: owner.token })).body.data.filter(
      (card: { state: string }) => card.state === 'paused',
    ) as { id: string }[];
    const reassigned = await api(`${base}/cards/${paused[0]!.id}/reassign`, {
      method: 'POST',
      token: owner.token,
      json: { user_id: owner.id, name: 'Owner Self' },
    });
    conforms('POST /v1/orgs/:orgId/cards/:cardId/reassign', reassigned, 200, messageResponse);
    const deleted = await api(`${base}/cards/${paused[1]!.id}`, { method: 'DELETE', token: owner.token });
    conforms('DELETE /v1/orgs/:orgId/cards/:cardId', deleted, 200, messageResponse);
    conforms('GET /v1/orgs/:orgId/audit', await api(`${base}/audit`, { token: owner.token }), 200, auditResponse);
    const other = await registerUser();
    await api(`${base}/invitations`, { method: 'POST', token: owner.token, json: { emails: [other.email] } });
    const otherMail = (await api(`/v1/dev/mail?to=${encodeURIComponent(other.email)}`)).body.data[0].text as string;
    await api('/v1/orgs/invitations/claim', {
      method: 'POST',
      token: other.token,
      json: { token: /claim\?token=([\w-]+)/.exec(otherMail)![1] },
    });
    const handed = await api(`${base}/owner`, { method: 'POST', token: owner.token, json: { user_id: other.id } });
    conforms('POST /v1/orgs/:orgId/owner', handed, 200, orgResponse);
  });
});

describe('wallet and contacts', { timeout: 90_000 }, () => {
  it('offers the wallets and the Google save link', async () => {
    conforms(
      'GET /v1/user/wallet',
      await api('/v1/user/wallet', { token: owner.token }),
      200,
      walletAvailabilityResponse,
    );
    const google = await googleTestCredentials();
    const link = await call('/v1/user/wallet/google', { token: owner.token }, google.env);
    conforms('GET /v1/user/wallet/google', link, 200, googleSaveLinkResponse);
  });

  it('lists the contacts visitors left, changes the settings and deletes one', async () => {
    await setExchange(owner, true);
    const sent = await postContact(owner.username, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      consent: 'yes',
    });
    expect(sent.status).toBeLessThan(400);
    const listed = await api('/v1/user/contacts', { token: owner.token });
    conforms('GET /v1/user/contacts', listed, 200, contactsListResponse);
    const settings = await api('/v1/user/contacts/settings', {
      method: 'PUT',
      token: owner.token,
      json: { notify: false },
    });
    conforms('PUT /v1/user/contacts/settings', settings, 200, contactSettingsResponse);
    const id = listed.body.data.contacts[0].id as string;
    const deleted = await api(`/v1/user/contacts/${id}`, { method: 'DELETE', token: owner.token });
    conforms('DELETE /v1/user/contacts/:id', deleted, 200, messageResponse);
  });
});

describe('/v1/admin', { timeout: 90_000 }, () => {
  it('lists accounts, reports, flagged links and the audit log, and acts on them', async () => {
    const admin = await registerUser();
    await grantAdmin(admin.id);
    const token = await signInWithCode(admin, (await enableTotp(admin)).secret);
    const target = await createCard({ links: 1 });
    const reported = await api(`/p/${target.username}/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reason: 'spam', note: 'Ads' }).toString(),
    });
    expect(reported.status).toBeLessThan(400);
    await env.DB.prepare("UPDATE links SET flagged_at = ?1, flagged_by = 'https://bad.example/' WHERE id = ?2")
      .bind(Date.now(), target.linkIds[0])
      .run();

    const get = (path: string) => api(`/v1/admin${path}`, { token });
    conforms('GET /v1/admin/accounts', await get(`/accounts?q=${target.username}`), 200, adminAccountsResponse);
    const reports = await get('/reports');
    conforms('GET /v1/admin/reports', reports, 200, adminReportsResponse);
    conforms('GET /v1/admin/flagged-links', await get('/flagged-links'), 200, adminFlaggedLinksResponse);
    // A card's own domain (a development `.localhost` name, active at once): listed, then removed.
    const domainId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO custom_hostnames (id, card_id, hostname, status, ssl_status, created_at, next_check_at) VALUES (?, ?, ?, 'active', 'active', ?, ?)",
    )
      .bind(domainId, target.id, `card.${target.username.replace(/_/g, '-')}.localhost`, Date.now(), Date.now())
      .run();
    conforms('GET /v1/admin/domains', await get('/domains'), 200, adminDomainsResponse);
    conforms('GET /v1/admin/orgs', await get('/orgs'), 200, adminOrgsResponse);

    const act = (path: string, json: unknown = {}) => api(`/v1/admin${path}`, { method: 'POST', token, json });
    const report = (reports.body.data.reports as { id: number; username: string }[]).find(
      (row) => row.username === target.username,
    );
    const why = { reason: 'Checked with the owner' };
    conforms('POST /v1/admin/domains/:id/remove', await act(`/domains/${domainId}/remove`, why), 200, messageResponse);
    // Before the takedown, which resolves the card's open reports.
    conforms(
      'POST /v1/admin/reports/:id/dismiss',
      await act(`/reports/${report?.id}/dismiss`, why),
      200,
      messageResponse,
    );
    conforms('GET /v1/admin/reports', await get('/reports?state=dismissed'), 200, adminReportsResponse);
    conforms(
      'POST /v1/admin/accounts/:id/takedown',
      await act(`/accounts/${target.id}/takedown`, { reason: 'Spam' }),
      200,
      messageResponse,
    );
    const account = (action: string) => `POST /v1/admin/accounts/:id/${action}`;
    conforms(account('restore'), await act(`/accounts/${target.id}/restore`), 200, messageResponse);
    conforms(account('deactivate'), await act(`/accounts/${target.id}/deactivate`, why), 200, messageResponse);
    conforms(account('activate'), await act(`/accounts/${target.id}/activate`), 200, messageResponse);
    // Reject is for sign-ups never let in.
    const signUp = await apiWith({ REQUIRE_ACTIVATION: 'true' }, '/v1/auth/register', {
      method: 'POST',
      json: newAccount(),
    });
    conforms(account('reject'), await act(`/accounts/${signUp.body.user.id}/reject`, why), 200, messageResponse);
    const owner2fa = await registerUser();
    await enableTotp(owner2fa);
    conforms(
      'POST /v1/admin/accounts/:id/reset-2fa',
      await act(`/accounts/${owner2fa.id}/reset-2fa`, why),
      200,
      messageResponse,
    );
    conforms('GET /v1/admin/audit', await get('/audit'), 200, adminAuditResponse);
    conforms('GET /v1/admin/status', await get('/status'), 200, platformStatusResponse);
  });
});

describe('/v1/dev (development only)', { timeout: 60_000 }, () => {
  it('buffers synthetic events and runs a batch of the media migration', async () => {
    const events = await post('/v1/dev/events', { owner_id: owner.id, link_id: null, from: 0, count: 2 });
    conforms('POST /v1/dev/events', events, 201, syntheticEventsResponse);
    conforms('POST /v1/dev/media-migration', await post('/v1/dev/media-migration', {}), 200, mediaMigrationResponse);
  });
});

describe('DELETE /v1/user', { timeout: 60_000 }, () => {
  it('deletes the account', async () => {
    const user = await registerUser();
    const deleted = await api('/v1/user', {
      method: 'DELETE',
      token: user.token,
      json: { current_password: user.password },
    });
    conforms('DELETE /v1/user', deleted, 200, messageResponse);
  });
});

describe('the one error body', { timeout: 60_000 }, () => {
  const error = (answer: Answer, status: number) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    errorResponse.parse(answer.body);
  };

  it('is every refusal: validation, sign-in, permission, missing, method, malformed and oversized', async () => {
    const invalid = await post('/v1/auth/register', { name: '', username: '', email: 'nope', password: 'x' });
    error(invalid, 422);
    expect(Object.keys(invalid.body.errors)).toContain('email');
    error(await api('/v1/user/profile'), 401);
    error(await login(owner.email, 'wrong-password-42'), 401);
    error(await api('/v1/user/links/999999', { method: 'DELETE', token: owner.token }), 404);
    error(await api('/v1/no-such-thing'), 404);
    error(await api('/v1/user/links/order', { method: 'POST', token: owner.token, json: {} }), 405);
    error(
      await api('/v1/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }),
      400,
    );
    error(await post('/v1/auth/login', { email: 'a@example.com', password: 'x'.repeat(20_000) }), 413);
    const hidden = await createCard();
    await postForm('/v1/user/profile/update', hidden.token, {
      name: hidden.name,
      username: hidden.username,
      is_active: '0',
    });
    error(await api(`/v1/p/${hidden.username}`), 403);
    error(await api('/v1/admin/accounts', { token: owner.token }), 404);
  });
});

describe('/v1/orgs contacts and analytics', { timeout: 60_000 }, () => {
  it('lists the contacts and reads the analytics', async () => {
    const owner = await registerUser();
    const made = await api('/v1/orgs', {
      method: 'POST',
      token: owner.token,
      json: { name: 'Acme Ltd', slug: `acme-${crypto.randomUUID().slice(0, 8)}` },
    });
    const base = `/v1/orgs/${made.body.data.id as string}`;
    conforms(
      'GET /v1/orgs/:orgId/contacts',
      await api(`${base}/contacts?q=a`, { token: owner.token }),
      200,
      orgContactsResponse,
    );
    conforms(
      'GET /v1/orgs/:orgId/analytics',
      await api(`${base}/analytics?range=7`, { token: owner.token }),
      200,
      orgAnalyticsResponse,
    );
  });
});

describe('coverage', () => {
  const routes = new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/v1/'))
      .map((route) => `${route.method} ${route.path}`),
  );

  it('the contract lists exactly the /v1 routes of the app', () => {
    const unlisted = [...routes].filter((route) => !contractOf(route));
    expect(unlisted, 'add these to shared/contract/, then run npm run openapi').toEqual([]);
    const gone = apiRoutes.map(routeKey).filter((route) => !routes.has(route));
    expect(gone, 'shared/contract/ lists routes the app does not have').toEqual([]);
  });

  it('names only routes of the contract open to a signed-in user in the scopes tokens may use', () => {
    const strays = Object.keys(TOKEN_ROUTE_SCOPES).filter((key) => contractOf(key)?.access !== 'user');
    expect(strays, 'shared/token-scopes.ts names routes the contract does not have').toEqual([]);
  });

  it("checked every JSON answer of the contract (files, a pass, a beacon's 204 have none)", () => {
    // A card's route under /v1/cards/:cardId/ is answered by the very sub-app of its /v1/user/ twin
    // (worker/app.ts), so the twin's answers stand for it; the card's links are called for real
    // above, and test/worker/routes/cards.test.ts checks which card each path acts on.
    const twin = (key: string) => key.replace('/v1/cards/:cardId/', '/v1/user/');
    const unchecked = apiRoutes.flatMap((route) =>
      Object.keys(route.answers).flatMap((status) =>
        documented(routeKey(route), Number(status))
          .filter(
            (schema) => !covered.get(routeKey(route))?.has(schema) && !covered.get(twin(routeKey(route)))?.has(schema),
          )
          .map(() => `${routeKey(route)} ${status}`),
      ),
    );
    expect(unchecked).toEqual([]);
  });
});
