// /mcp, as an assistant meets it: the SDK's own client over Streamable HTTP, its requests sent to
// the Worker under test, with a personal access token. What the tools change is read back where a
// visitor or the dashboard would see it: the public card and the D1 rows.
import { env, SELF } from 'cloudflare:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { TOKEN_REQUESTS_PER_MINUTE, TOKEN_SCOPES } from '@shared/schemas/tokens';
import { ACCESS_COOKIE } from '@shared/session-cookies';
import committed from '../../../docs/openapi.json';
import { api, clientIp, newAccount, ORIGIN, readAnswer, registerUser } from '../helpers';
import { postContact, setExchange } from '../contacts/contact-helpers';
import { click, view, visitor } from '../services/events-helpers';
import { tokenFor } from '../token-helpers';
import { newKey, receivedAtLeast, receiverUrl, webhookFor } from '../webhook-helpers';

type User = Awaited<ReturnType<typeof registerUser>>;

/** An MCP client whose every request goes to the Worker under test, as one client address. */
async function connect(secret: string) {
  const ip = clientIp();
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${secret}`, 'CF-Connecting-IP': ip } },
    fetch: (url, init) => SELF.fetch(new Request(url, init)),
  });
  const client = new Client({ name: 'cardlink-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool's answer: its JSON, or its error text. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  if (result.isError) return { error: text };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { data: JSON.parse(text) as Record<string, any> };
}

/** A raw POST to /mcp, as a client that is not the SDK's might send it. */
const post = (body: string, headers: Record<string, string> = {}) =>
  SELF.fetch(
    new Request(`${ORIGIN}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'CF-Connecting-IP': clientIp(),
        ...headers,
      },
      body,
    }),
  ).then(readAnswer);

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

const linkRows = async (user: User) =>
  (
    await env.DB.prepare(
      'SELECT l.id, l.title, l.url, l.is_active, l.display_order FROM links l JOIN cards c ON c.id = l.card_id WHERE c.user_id = ? ORDER BY l.display_order, l.id',
    )
      .bind(user.id)
      .all<{ id: number; title: string; url: string; is_active: number; display_order: number }>()
  ).results;

const publicLinks = async (user: User) =>
  ((await api(`/v1/p/${user.username}`)).body.data.links as { title: string; url: string }[]).map((link) => link.title);

const allScopes = (user: User, body: Record<string, unknown> = {}) =>
  tokenFor(user, { scopes: [...TOKEN_SCOPES], ...body }).then((made) => made.secret);

const newCard = async (user: User) => {
  const res = await api('/v1/cards', {
    method: 'POST',
    token: user.token,
    json: { username: newAccount().username, name: 'Second Card' },
  });
  if (res.status !== 201) throw new Error(`card: ${res.status}`);
  return res.body.data.id as string;
};

describe('/mcp with a personal access token', { timeout: 60_000 }, () => {
  it('lists the tools the OpenAPI document names, each with its scope and its input schema', async () => {
    const user = await registerUser();
    const client = await connect(await allScopes(user));
    const { tools } = await client.listTools();
    const documented = (committed.paths as Record<string, Record<string, Record<string, unknown>>>)['/mcp']!.post![
      'x-mcp-tools'
    ] as { name: string; scope: string; inputSchema: unknown }[];
    expect(tools.map((tool) => tool.name)).toEqual(documented.map((tool) => tool.name));
    for (const tool of tools) {
      const doc = documented.find((entry) => entry.name === tool.name)!;
      expect(tool.inputSchema).toEqual(doc.inputSchema);
      expect(tool.description).toContain(`Needs the scope ${doc.scope}.`);
    }
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_cards', 'get_card', 'add_link', 'edit_link', 'hide_link', 'reorder_links']),
    );
    const addLink = tools.find((tool) => tool.name === 'add_link')!;
    // A header is a title alone, so the URL is the link's to require (the API's own rule).
    expect(addLink.inputSchema.required).toEqual(['title']);
    expect(Object.keys(addLink.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'url', 'icon', 'is_active', 'card_id', 'kind', 'starts_at', 'sensitive']),
    );
    await client.close();
  });

  it('reads the card, adds, edits, hides and reorders links, and the public card and D1 follow', async () => {
    const user = await registerUser({ name: 'Ada Lovelace' });
    const client = await connect(await allScopes(user));

    const cards = await call(client, 'list_cards');
    expect(cards.data!.cards).toEqual([
      {
        id: expect.any(String),
        username: user.username,
        name: 'Ada Lovelace',
        url: `${ORIGIN}/p/${user.username}`,
        is_primary: true,
      },
    ]);

    const first = await call(client, 'add_link', { title: 'Portfolio', url: 'https://ada.example/work' });
    expect(first.data).toEqual({
      message: 'Link added',
      link: { id: expect.any(Number), title: 'Portfolio', url: 'https://ada.example/work', visible: true, clicks: 0 },
    });
    const second = await call(client, 'add_link', { title: 'Blog', url: 'https://ada.example/blog' });
    expect((await linkRows(user)).map((row) => [row.title, row.url, row.is_active])).toEqual([
      ['Portfolio', 'https://ada.example/work', 1],
      ['Blog', 'https://ada.example/blog', 1],
    ]);
    expect(await publicLinks(user)).toEqual(['Portfolio', 'Blog']);

    const edited = await call(client, 'edit_link', { link_id: first.data!.link.id, title: 'Selected work' });
    expect(edited.data!.link).toMatchObject({ title: 'Selected work', url: 'https://ada.example/work' });

    const reordered = await call(client, 'reorder_links', { ids: [second.data!.link.id, first.data!.link.id] });
    expect(reordered.data!.links.map((link: { title: string }) => link.title)).toEqual(['Blog', 'Selected work']);
    expect(await publicLinks(user)).toEqual(['Blog', 'Selected work']);

    const hidden = await call(client, 'hide_link', { link_id: second.data!.link.id });
    expect(hidden.data).toEqual({ message: 'Link hidden', link: expect.objectContaining({ visible: false }) });
    expect(await publicLinks(user)).toEqual(['Selected work']);
    expect((await linkRows(user)).map((row) => [row.title, row.is_active])).toEqual([
      ['Blog', 0],
      ['Selected work', 1],
    ]);

    const card = await call(client, 'get_card');
    expect(card.data).toMatchObject({
      username: user.username,
      name: 'Ada Lovelace',
      url: `${ORIGIN}/p/${user.username}`,
      links: [
        { title: 'Blog', visible: false },
        { title: 'Selected work', visible: true },
      ],
    });
    await client.close();
  });

  it('updates profile fields, leaves the others, and refuses bad ones with the API’s messages', async () => {
    const user = await registerUser({ name: 'Ada Lovelace' });
    const client = await connect(await allScopes(user));
    const updated = await call(client, 'update_profile', { bio: 'Analyst of engines', job_title: 'Mathematician' });
    expect(updated.data!.profile).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Analyst of engines',
      job_title: 'Mathematician',
    });
    const shown = (await api(`/v1/p/${user.username}`)).body.data;
    expect(shown).toMatchObject({ name: 'Ada Lovelace', bio: 'Analyst of engines', job_title: 'Mathematician' });

    const bad = await call(client, 'update_profile', { username: 'No Spaces Allowed', bio: 'x'.repeat(501) });
    expect(bad.error).toContain('username: ');
    expect(bad.error).toContain('bio: Bio must be at most 500 characters');
    const taken = await registerUser();
    const clash = await call(client, 'update_profile', { username: taken.username });
    expect(clash.error).toMatch(/taken/i);
    const row = await env.DB.prepare('SELECT username, bio FROM cards WHERE user_id = ?').bind(user.id).first();
    expect(row).toEqual({ username: user.username, bio: 'Analyst of engines' });
    await client.close();
  });

  it('refuses a link the API refuses, with its message, and stores nothing', async () => {
    const user = await registerUser();
    const client = await connect(await allScopes(user));
    const scheme = await call(client, 'add_link', { title: 'Run me', url: 'javascript:alert(1)' });
    expect(scheme.error).toContain('url: URL must start with http://, https://, mailto: or tel:');
    const icon = await call(client, 'add_link', {
      title: 'Own site',
      url: 'https://ada.example',
      icon: `${ORIGIN}/v1/user/profile`,
    });
    expect(icon.error).toContain('Icon must be a platform icon, an uploaded image or an https image URL');
    const missing = await call(client, 'edit_link', { link_id: 999_999_999, title: 'Nope' });
    expect(missing.error).toBe('Link not found');
    expect(await linkRows(user)).toEqual([]);
    await client.close();
  });

  it('reads statistics for a range and the newest contacts', async () => {
    const user = await registerUser({ name: 'Ada Lovelace' });
    const client = await connect(await allScopes(user));
    const link = await call(client, 'add_link', { title: 'Portfolio', url: 'https://ada.example/work' });
    await view(user.username, visitor(1));
    await view(user.username, visitor(2));
    await click(link.data!.link.id, visitor(2));
    const stats = await call(client, 'get_stats', { range: '7' });
    expect(stats.data).toMatchObject({
      range: 'last 7 days',
      profile_views: 2,
      unique_visitors: 2,
      link_clicks: 1,
      conversion_rate: 50,
      links: [{ id: link.data!.link.id, title: 'Portfolio', clicks: 1 }],
    });
    expect(stats.data!.daily).toHaveLength(7);
    const all = await call(client, 'get_stats', {});
    expect(all.data).toMatchObject({ range: 'all time', profile_views: 2 });
    expect(all.data!.daily).toBeUndefined();
    expect((await call(client, 'get_stats', { range: '14' })).error).toContain('The range must be 7, 30, 90 or all');

    await setExchange(user, true);
    await postContact(user.username, { name: 'Grace Hopper', email: 'grace@example.com', consent: 'yes' });
    await postContact(user.username, { name: 'Alan Turing', email: 'alan@example.com', consent: 'yes' });
    const contacts = await call(client, 'list_contacts', { limit: 1 });
    expect(contacts.data).toEqual({
      total: 2,
      shown: 1,
      contacts: [expect.objectContaining({ name: 'Alan Turing', email: 'alan@example.com' })],
    });
    const found = await call(client, 'list_contacts', { q: 'grace' });
    expect(found.data!.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Grace Hopper']);
    await client.close();
  });

  it('answers a tool the token has no scope for with an error naming the scope, and changes nothing', async () => {
    const user = await registerUser();
    const { secret } = await tokenFor(user, { scopes: ['links:read', 'cards:read'] });
    const client = await connect(secret);
    // Listed all the same: what a tool needs is in its description, and the refusal says it.
    expect((await client.listTools()).tools).toHaveLength(9);
    const refused = await call(client, 'add_link', { title: 'Portfolio', url: 'https://ada.example/work' });
    expect(refused.error).toBe('This token lacks the scope links:write');
    expect((await call(client, 'get_stats')).error).toBe('This token lacks the scope stats:read');
    expect((await call(client, 'list_contacts')).error).toBe('This token lacks the scope contacts:read');
    expect((await call(client, 'update_profile', { bio: 'Changed' })).error).toBe(
      'This token lacks the scope cards:write',
    );
    expect(await linkRows(user)).toEqual([]);
    expect((await call(client, 'get_card')).data).toMatchObject({ username: user.username });
    await client.close();
  });

  it('a token limited to one card sees and changes that card alone; another is not found', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const second = await newCard(user);
    const secret = await allScopes(user, { card_ids: [second] });
    const client = await connect(secret);
    const cards = await call(client, 'list_cards');
    expect(cards.data!.cards.map((card: { id: string }) => card.id)).toEqual([second]);
    // Left out, the card is the token's own, never the primary one it was not given.
    expect((await call(client, 'get_card')).data!.card_id).toBe(second);
    const primary = (await api('/v1/cards', { token: user.token })).body.data.cards.find(
      (card: { is_primary: boolean }) => card.is_primary,
    ).id as string;
    const othersCard = (await api('/v1/cards', { token: other.token })).body.data.cards[0].id as string;
    for (const cardId of [primary, othersCard, 'no-such-card']) {
      expect((await call(client, 'get_card', { card_id: cardId })).error).toBe('Card not found');
      expect((await call(client, 'add_link', { card_id: cardId, title: 'x', url: 'https://x.example' })).error).toBe(
        'Card not found',
      );
    }
    expect(await linkRows(user)).toEqual([]);
    expect(await linkRows(other)).toEqual([]);
    await client.close();
  });
});

describe('/mcp refuses', { timeout: 60_000 }, () => {
  it('no token, a revoked or expired one and an unknown one with 401 and WWW-Authenticate', async () => {
    const none = await post(INITIALIZE);
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="cardlink"');
    expect(none.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining('personal access token') },
      id: null,
    });

    const user = await registerUser();
    const { secret, id } = await tokenFor(user);
    expect((await post(INITIALIZE, { Authorization: `Bearer ${secret}` })).status).toBe(200);
    await api(`/v1/user/tokens/${id}`, { method: 'DELETE', token: user.token });
    const { secret: old, id: oldId } = await tokenFor(user, { expires_in_days: 30 });
    await env.DB.prepare('UPDATE api_tokens SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, oldId)
      .run();
    for (const token of [secret, old, 'cl_pat_not-a-token']) {
      const refused = await post(INITIALIZE, { Authorization: `Bearer ${token}` });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="cardlink", error="invalid_token"/);
      expect(refused.body.error.message).toBe('Invalid or expired token');
    }
    // The SDK's client reports the 401 instead of connecting.
    await expect(connect(secret)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Invalid or expired token'),
    });
  });

  it('the dashboard’s session, as a bearer token or as its cookie', async () => {
    const user = await registerUser();
    const bearer = await post(INITIALIZE, { Authorization: `Bearer ${user.token}` });
    expect(bearer.status).toBe(401);
    expect(bearer.body.error.message).toContain('Only personal access tokens');
    const cookie = await post(INITIALIZE, { Cookie: `${ACCESS_COOKIE}=${user.token}`, Origin: ORIGIN });
    expect(cookie.status).toBe(401);
    expect(cookie.headers.get('WWW-Authenticate')).toBe('Bearer realm="cardlink"');
  });

  it('malformed JSON-RPC, unknown methods and tools, and GET or DELETE, never with a 5xx', async () => {
    const user = await registerUser();
    const secret = await allScopes(user);
    const auth = { Authorization: `Bearer ${secret}` };

    const broken = await post('{"jsonrpc": "2.0", "id": 1, "method": ', auth);
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });

    const notRpc = await post(JSON.stringify({ hello: 'world' }), auth);
    expect(notRpc.status).toBe(400);
    expect(notRpc.body.error.code).toBe(-32700);

    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'cards/delete_everything' }), auth);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });

    const call = (params: unknown) =>
      post(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params }), auth);
    const noTool = await call({ name: 'drop_tables', arguments: {} });
    expect(noTool.status).toBe(200);
    expect(noTool.body).toMatchObject({
      id: 8,
      error: { code: -32602, message: expect.stringContaining('drop_tables') },
    });
    const badArgs = await call({ name: 'reorder_links', arguments: { ids: 'all of them' } });
    expect(badArgs.body.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'The arguments are not valid.\nids: The order must list each of your links exactly once',
        },
      ],
      isError: true,
    });
    const noParams = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call' }), auth);
    expect(noParams.status).toBeLessThan(500);
    expect(noParams.body.error.code).toBe(-32602);

    const big = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/list', params: { pad: 'x'.repeat(70_000) } }),
      auth,
    );
    expect(big.status).toBe(413);

    for (const method of ['GET', 'DELETE']) {
      const res = await SELF.fetch(
        new Request(`${ORIGIN}/mcp`, { method, headers: { ...auth, Accept: 'text/event-stream' } }),
      ).then(readAnswer);
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
      expect(res.body.error.message).toContain('stateless');
    }
  });

  it('counts each request against the token’s bounds, and says so in RateLimit fields', async () => {
    const user = await registerUser();
    const secret = await allScopes(user);
    const res = await post(INITIALIZE, { Authorization: `Bearer ${secret}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('RateLimit-Policy')).toContain('"api_token_1m";q=60;w=60');
    expect(res.headers.get('RateLimit')).toMatch(/"api_token_1m";r=59;t=\d+/);
  });

  it('past the token’s bound: 429 with Retry-After, and the tool does not run', async () => {
    const user = await registerUser();
    const { secret, id } = await tokenFor(user, { scopes: ['links:write'] });
    const at = Date.now() - 20_000;
    const spend = env.DB.prepare('INSERT INTO auth_attempts (kind, subject, created_at) VALUES (?, ?, ?)');
    await env.DB.batch(Array.from({ length: TOKEN_REQUESTS_PER_MINUTE }, () => spend.bind('api_token', id, at)));
    const res = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add_link', arguments: { title: 'Site', url: 'https://example.com/' } },
      }),
      { Authorization: `Bearer ${secret}` },
    );
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Too many requests with this token or account. Please slow down.' },
      id: null,
    });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(39);
    expect(res.headers.get('RateLimit')).toMatch(/^"api_token_1m";r=0;/);
    expect(await linkRows(user)).toEqual([]);
  });

  it('tells the account’s webhooks of an assistant’s changes, as of the dashboard’s', async () => {
    const user = await registerUser();
    const key = newKey();
    await webhookFor(user.token, {
      url: receiverUrl(key),
      events: ['link.created', 'link.updated', 'card.updated'],
    });
    const client = await connect(await allScopes(user));
    const added = await call(client, 'add_link', { title: 'Shop', url: 'https://ada.example/shop' });
    await call(client, 'hide_link', { link_id: added.data!.link.id, hidden: true });
    await call(client, 'update_profile', { bio: 'Analyst' });
    const got = (await receivedAtLeast(key, 3)).map(
      (delivery) => JSON.parse(delivery.body) as { type: string; data: Record<string, Record<string, unknown>> },
    );
    expect(got.map((body) => body.type).sort()).toEqual(['card.updated', 'link.created', 'link.updated']);
    expect(got.find((body) => body.type === 'link.created')!.data.link).toMatchObject({
      title: 'Shop',
      is_active: true,
    });
    expect(got.find((body) => body.type === 'link.updated')!.data.link).toMatchObject({ is_active: false });
    expect(got.find((body) => body.type === 'card.updated')!.data.fields).toEqual(['bio'] as unknown);
  });
});
