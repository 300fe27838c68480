import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nameField } from '@shared/schemas/auth';
import { companyField, jobTitleField, locationField, pronounsField } from '@shared/schemas/business-card';
import { contactSubmitBody } from '@shared/schemas/contacts';
import { importedLink } from '@shared/schemas/link-import';
import { linkBody } from '@shared/schemas/links';
import { bioField } from '@shared/schemas/profile';
import { passkeyNameField } from '@shared/schemas/security';
import { breaches, ends, invisibleCodePoints, named } from '../../fixtures/invisible-text';
import { api, newAccount, registerUser } from '../helpers';
import { postForm } from '../images';

// Invisible characters by Unicode property (shared/schemas/text.ts, docs/decisions/0022), walked
// code point by code point in workerd, whose regex engine is the one that checks what the API
// receives: a name of them alone is refused, one inside a name is dropped.
const all = invisibleCodePoints();

/** The field's cleaning: what it stores, or the message it refuses with. */
const cleaning = (schema: z.ZodType) => (text: string) => {
  const parsed = schema.safeParse(text);
  return parsed.success ? String(parsed.data) : (parsed.error.issues[0]?.message ?? 'refused');
};

const userCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>())?.n;

describe('invisible characters, every one of them', { timeout: 60_000 }, () => {
  it("finds the runtime's invisible characters, those a scan of names found accepted among them", () => {
    const found = new Set(all.map((one) => one.codePoint));
    // Unicode 16 has 4,206 such code points (4,096 of them the tag and selector block E0000-E0FFF).
    expect(found.size).toBeGreaterThanOrEqual(4206);
    const expected = [
      [0x00ad, 0x00ad],
      [0x180b, 0x180f],
      [0x206a, 0x206f],
      [0x2060, 0x2064],
      [0xfe00, 0xfe0f],
      [0x13430, 0x1343f],
      [0x1bca0, 0x1bca3],
      [0x1d173, 0x1d17a],
      [0xe0100, 0xe01ef],
    ];
    const missing = expected.flatMap(([from, to]) =>
      Array.from({ length: to! - from! + 1 }, (_, i) => from! + i).filter((codePoint) => !found.has(codePoint)),
    );
    expect(missing.map(named)).toEqual([]);
  });

  it.each([
    ['a name (register, profile)', nameField, 'Name must be at least 2 characters'],
    ['a link title', linkBody.shape.title, 'Title is required'],
    ['an imported link title', importedLink.shape.title, 'Title is required'],
    ["a visitor's name on the contact form", contactSubmitBody.shape.name, 'Please enter your name'],
  ] as const)('%s: a name of one alone is refused, one inside a name dropped', (_, schema, message) => {
    expect(breaches(all, cleaning(schema), message)).toEqual([]);
  });

  it.each([
    ['job title', jobTitleField],
    ['company', companyField],
    ['location', locationField],
    ['pronouns', pronounsField],
    ['bio', bioField],
    ['passkey name', passkeyNameField],
  ] as const)('the optional %s: one alone leaves it empty, one inside it dropped', (_, schema) => {
    expect(breaches(all, cleaning(schema), '')).toEqual([]);
  });

  it('register and links refuse a name or title of them through the API, and store nothing', async () => {
    const sample = ends(all);
    const before = await userCount();
    const user = await registerUser();
    const refused: string[] = [];
    for (const { codePoint, text } of sample) {
      const registered = await api('/v1/auth/register', {
        method: 'POST',
        json: { ...newAccount(), name: `${text}${text}` },
      });
      if (registered.status !== 422 || registered.body.errors?.name?.[0] !== 'Name must be at least 2 characters')
        refused.push(`${named(codePoint)} register: ${registered.status}`);
      const link = await api('/v1/user/links', {
        method: 'POST',
        token: user.token,
        json: { title: ` ${text} `, url: 'https://example.com' },
      });
      if (link.status !== 422 || link.body.errors?.title?.[0] !== 'Title is required')
        refused.push(`${named(codePoint)} link: ${link.status}`);
    }
    expect(refused).toEqual([]);
    // The one account of this test, nothing more; no link stored.
    expect(await userCount()).toBe((before ?? 0) + 1);
    expect((await api('/v1/user/links', { token: user.token })).body.data).toEqual([]);
  });

  it('a profile saved with them inside its name and business fields stores the text without them', async () => {
    const user = await registerUser();
    const [softHyphen, selector, hieroglyphJoiner, shorthand] = ['\u00AD', '\uFE0F', '\u{13430}', '\u{1BCA0}'];
    const res = await postForm('/v1/user/profile/update', user.token, {
      name: `${selector}Grace${softHyphen} Hopper${shorthand}`,
      username: user.username,
      job_title: `${hieroglyphJoiner}Rear Admiral`,
      company: `${selector}${selector}`,
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT name, job_title, company FROM profiles WHERE user_id = ?')
      .bind(user.id)
      .first();
    expect(row).toEqual({ name: 'Grace Hopper', job_title: 'Rear Admiral', company: '' });
  });
});

describe('text that needs a joiner or a selector keeps it', { timeout: 30_000 }, () => {
  // Each stored exactly as typed: emoji with a presentation selector after their base, emoji
  // joined into one, words whose letters a joiner or non-joiner shapes, a Japanese ideograph's
  // variant, and the scripts of names around the world.
  const KEPT = [
    ['an emoji selector after its base', 'Ada ❤️ ☺︎ #️⃣'],
    ['an emoji sequence of joiners', 'Ada 👩‍💻 🏳️‍🌈 👨‍👩‍👧'],
    ['a Persian name with a non-joiner between letters', 'مهرانگیز می‌خواهد'],
    ['a Hindi conjunct with a joiner', 'क्‍षमा शर्मा'],
    ['a Malayalam chillu with a joiner', 'അവന്‍ നായര്‍'],
    ['a Japanese name with an ideographic variant', '葛󠄀城 花子'],
    ['a Mongolian name with a free variation selector', 'ᠮᠣᠩᠭ᠋ᠣᠯ'],
    ['a subdivision flag', '🏴󠁧󠁢󠁷󠁬󠁳󠁿 Cymru'],
    ['Arabic', 'محمد عبد الله'],
    ['Hebrew', 'שרה לוי'],
    ['Chinese', '李小龍'],
    ['Devanagari', 'देवनागरी नाम'],
    ['Korean', '김민준'],
  ] as const;

  it.each(KEPT)('%s, as a name and a link title', async (_, text) => {
    const user = await registerUser({ name: text });
    const row = await env.DB.prepare('SELECT name FROM profiles WHERE user_id = ?')
      .bind(user.id)
      .first<{ name: string }>();
    expect(row?.name).toBe(text);
    const link = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: text, url: 'https://example.com' },
    });
    expect(link.status).toBe(201);
    expect(link.body.link.title).toBe(text);
  });
});
