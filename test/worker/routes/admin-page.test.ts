import { describe, expect, it } from 'vitest';
import { grantAdmin, signedInAdmin } from '../admin-helpers';
import { apiWith } from '../auth-helpers';
import { registerUser } from '../helpers';
import { ACCESS_COOKIE } from '@shared/session-cookies';

// /admin (README, Operating: the console): the Worker decides before any static file is served.
// The assets layer here stands in for Cloudflare's: it answers what the app's files answer (the
// console's page at /admin, the app's page with its 'Page Not Found' at any unknown path) and
// records what it was asked for.

function assets() {
  const asked: string[] = [];
  const fetcher = {
    fetch: (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      const html =
        path === '/admin' ? '<title>Admin console · Cardlink</title>' : '<title>Cardlink</title><div id="root">';
      return Promise.resolve(new Response(html, { headers: { 'Content-Type': 'text/html', ETag: '"app"' } }));
    },
  };
  return { asked, ASSETS: fetcher as unknown as Fetcher };
}

const open = (path: string, cookie: string | undefined, fake: ReturnType<typeof assets>) =>
  apiWith({ ASSETS: fake.ASSETS }, path, { headers: cookie ? { Cookie: cookie } : {} });

describe('GET /admin', { timeout: 30_000 }, () => {
  it("serves the console's page to an operator, signed in with a second factor or not", async () => {
    const operator = await signedInAdmin();
    const fake = assets();
    const res = await open('/admin', `${ACCESS_COOKIE}=${operator.token}`, fake);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Admin console');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(fake.asked).toEqual(['/admin']);
    // An operator without a second factor still gets the page, which then says what to do.
    const plain = await registerUser();
    await grantAdmin(plain.id);
    expect((await open('/admin', `${ACCESS_COOKIE}=${plain.token}`, fake)).text).toContain('Admin console');
  });

  it('answers anyone else exactly what an unknown path gets, and never asks for the console', async () => {
    const user = await registerUser();
    const operator = await signedInAdmin();
    const cases: [string, string | undefined][] = [
      ['anonymous', undefined],
      ['a signed-in user', `${ACCESS_COOKIE}=${user.token}`],
      ['a forged token', `${ACCESS_COOKIE}=${operator.token.slice(0, -4)}abcd`],
      ['nonsense', `${ACCESS_COOKIE}=%E0%A4%A`],
    ];
    for (const [who, cookie] of cases) {
      for (const path of ['/admin', '/admin/', '/admin/accounts', '/admin.html']) {
        const fake = assets();
        const res = await open(path, cookie, fake);
        expect(res.status, `${who} ${path}`).toBe(200);
        expect(res.text, `${who} ${path}`).toBe('<title>Cardlink</title><div id="root">');
        expect(fake.asked, `${who} ${path}`).toHaveLength(1);
        expect(fake.asked[0], `${who} ${path}`).toMatch(/^\/__unknown\/[0-9a-f-]{36}$/);
      }
    }
  });
});
