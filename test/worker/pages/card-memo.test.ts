// The card memo (docs/decisions/0077): views of a card within a moment share one D1 read; the
// owner's bookmark, a write through this isolate and the end of the window each bring the edit.
// The suite runs with the memo off (vitest.config.ts); these tests turn it on per request.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../worker/index';
import { noteWrite, writesCard } from '../../../worker/db/write-generation';
import { memoized } from '../../../worker/services/card-memo';
import { api, ORIGIN } from '../helpers';
import { createCard } from '../page-helpers';
import { bufferedKeys, visitor } from '../services/events-helpers';

const LONG = '60000';

/** The card as the runtime serves it, the memo's window set to `memoMs`, its counting finished. */
async function view(path: string, memoMs: string, headers: Record<string, string> = visitor(1)) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { headers }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, { ...env, CARD_MEMO_MS: memoMs }, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text };
}

/** Renames the card straight in D1, as another isolate's write would land: this isolate hears nothing of it. */
const renameElsewhere = (userId: string, name: string) =>
  env.DB.prepare('UPDATE profiles SET name = ? WHERE user_id = ?').bind(name, userId).run();

describe('memoized', () => {
  it('shares one read within the window, concurrent calls included, and reads again after it', async () => {
    const key = `unit-${crypto.randomUUID()}`;
    let reads = 0;
    const read = async () => ++reads;
    const at = 1_000_000;
    const first = await Promise.all([
      memoized(key, 1000, read, undefined, at),
      memoized(key, 1000, read, undefined, at),
    ]);
    expect(first).toEqual([1, 1]);
    expect(await memoized(key, 1000, read, undefined, at + 999)).toBe(1);
    expect(await memoized(key, 1000, read, undefined, at + 1000)).toBe(2);
    expect(reads).toBe(2);
  });

  it('drops what it holds at a write through this isolate', async () => {
    const key = `unit-${crypto.randomUUID()}`;
    let reads = 0;
    const read = async () => ++reads;
    expect(await memoized(key, 60_000, read)).toBe(1);
    expect(await memoized(key, 60_000, read)).toBe(1);
    noteWrite();
    expect(await memoized(key, 60_000, read)).toBe(2);
  });

  it("is dropped by writes to the card's tables only", () => {
    expect(writesCard('update "profiles" set "name" = ? where "profiles"."user_id" = ?')).toBe(true);
    expect(writesCard('insert into "links" ("user_id", "title") values (?, ?)')).toBe(true);
    expect(writesCard('delete from "users" where "users"."id" = ?')).toBe(true);
    expect(writesCard('insert or ignore into "visitor_salts" ("day", "salt") values (?, ?)')).toBe(false);
    expect(writesCard('update "sessions" set "last_seen_at" = ?')).toBe(false);
    expect(writesCard('select * from "profiles"')).toBe(false);
  });

  it('keeps neither a failed read nor an answer it is told not to keep, and nothing with no window', async () => {
    const key = `unit-${crypto.randomUUID()}`;
    await expect(memoized(key, 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memoized(key, 60_000, async () => 'up')).toBe('up');
    const other = `unit-${crypto.randomUUID()}`;
    expect(
      await memoized(
        other,
        60_000,
        async () => 'missing',
        (v) => v !== 'missing',
      ),
    ).toBe('missing');
    expect(
      await memoized(
        other,
        60_000,
        async () => 'found',
        (v) => v !== 'missing',
      ),
    ).toBe('found');
    let reads = 0;
    await memoized(`unit-${crypto.randomUUID()}`, 0, async () => ++reads);
    expect(reads).toBe(1);
  });
});

describe('the card memo on /p/{username}', { timeout: 30_000 }, () => {
  it('serves the card it read a moment ago to the next visitor, and counts both views', async () => {
    const owner = await createCard({ name: 'Ada Before' });
    expect((await view(`/p/${owner.username}`, LONG, visitor(1))).text).toContain('Ada Before');
    await renameElsewhere(owner.id, 'Ada After');
    const second = await view(`/p/${owner.username}`, LONG, visitor(2));
    expect(second.status).toBe(200);
    // The memo answered: the rename, made where this isolate could not see it, is not shown yet.
    expect(second.text).toContain('Ada Before');
    expect(await bufferedKeys(owner.id)).toHaveLength(2);
    // With the memo off, as without this isolate's copy, the same visitor reads D1.
    expect((await view(`/p/${owner.username}`, '0', visitor(3))).text).toContain('Ada After');
  });

  it("shows the owner's edit at once to a request carrying the owner's bookmark", async () => {
    const owner = await createCard({ name: 'Grace Before' });
    const write = await api('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'Fresh', url: 'https://fresh.example/' },
    });
    const bookmark = write.headers.get('X-D1-Bookmark');
    expect(bookmark).toBeTruthy();
    expect((await view(`/p/${owner.username}`, LONG)).text).toContain('Grace Before');
    await renameElsewhere(owner.id, 'Grace After');
    // A visitor still gets the memo's copy; the owner, whose browser holds the bookmark, reads D1.
    expect((await view(`/p/${owner.username}`, LONG, visitor(7))).text).toContain('Grace Before');
    const owners = await view(`/p/${owner.username}`, LONG, { ...visitor(4), Cookie: `d1_bookmark=${bookmark}` });
    expect(owners.text).toContain('Grace After');
  });

  it('shows an edit made through this isolate at once to every visitor', async () => {
    const owner = await createCard({ name: 'Linus Before' });
    expect((await view(`/p/${owner.username}`, LONG)).text).toContain('Linus Before');
    const res = await api('/v1/user/links', {
      method: 'POST',
      token: owner.token,
      json: { title: 'Brand new link', url: 'https://new.example/' },
    });
    expect(res.status).toBe(201);
    expect((await view(`/p/${owner.username}`, LONG, visitor(5))).text).toContain('Brand new link');
  });

  it('reads D1 again once the window is over', async () => {
    const owner = await createCard({ name: 'Barbara Before' });
    expect((await view(`/p/${owner.username}`, '150')).text).toContain('Barbara Before');
    await renameElsewhere(owner.id, 'Barbara After');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await view(`/p/${owner.username}`, '150', visitor(6))).text).toContain('Barbara After');
  });
});
