import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { file, phonePhotos, postForm } from '../images';
import { metadataFound } from '../pixels';
import { createCard, insertCard, page, TEN_LINKS } from '../page-helpers';

type Property = { group: string | null; name: string; params: Record<string, string>; value: string };

/** A small RFC 6350 reader: unfolds lines, splits group, name, parameters and value. */
function parseVCard(text: string): Property[] {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      const [head = '', ...paramParts] = line.slice(0, colon).split(';');
      const [group, name] = head.includes('.') ? (head.split('.') as [string, string]) : [null, head];
      const params = Object.fromEntries(paramParts.map((p) => p.split('=') as [string, string]));
      return { group, name: name.toUpperCase(), params, value: line.slice(colon + 1) };
    });
}

const unescape = (value: string) =>
  value.replace(/\\([\\,;nN])/g, (_, ch: string) => (ch.toLowerCase() === 'n' ? '\n' : ch));
const values = (props: Property[], name: string) => props.filter((p) => p.name === name).map((p) => p.value);

describe('GET /p/{username}.vcf', { timeout: 30_000 }, () => {
  let card: Awaited<ReturnType<typeof createCard>>;
  let avatar: Uint8Array;
  let text: string;
  let headers: Headers;
  beforeAll(async () => {
    card = await createCard({
      name: 'Ada King Lovelace',
      bio: 'Maths, poetry; engines\nLondon \\ Paris',
      links: TEN_LINKS,
    });
    const res = await postForm('/v1/user/profile/avatar', card.token, {
      avatar: file(phonePhotos().avatar, 'IMG_0001.JPG', 'image/jpeg'),
    });
    expect(res.status).toBe(200);
    const set = (await env.DB.prepare('SELECT avatar_key FROM profiles WHERE user_id = ?').bind(card.id).first())
      ?.avatar_key as string;
    avatar = new Uint8Array(await (await env.MEDIA.get(`${set}/384.jpg`))!.arrayBuffer());
    const vcf = await page(`/p/${card.username}.vcf`);
    expect(vcf.status).toBe(200);
    text = vcf.text;
    headers = vcf.headers;
  }, 120_000);

  it('is a vCard 4.0 download', () => {
    expect(headers.get('Content-Type')).toBe('text/vcard; charset=utf-8');
    expect(headers.get('Content-Disposition')).toBe(`attachment; filename="${card.username}.vcf"`);
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('folds every line at 75 octets', () => {
    const lines = text.split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  it('carries the name, the card URL and the bio, escaped and read back exactly', () => {
    const props = parseVCard(text);
    expect(values(props, 'FN')).toEqual(['Ada King Lovelace']);
    expect(values(props, 'N')).toEqual(['Lovelace;Ada King;;;']);
    expect(values(props, 'NICKNAME')).toEqual([card.username]);
    expect(values(props, 'NOTE').map(unescape)).toEqual(['Maths, poetry; engines\nLondon \\ Paris']);
    expect(props.find((p) => p.name === 'URL' && p.group === 'card')?.value).toBe(
      `https://card.test/p/${card.username}`,
    );
    expect(props.find((p) => p.name === 'X-ABLABEL' && p.group === 'card')?.value).toBe('Digital card');
  });

  it("embeds the avatar's JPEG derivative as the photo, byte for byte, with no metadata", () => {
    const photo = values(parseVCard(text), 'PHOTO')[0] ?? '';
    const match = /^data:image\/jpeg;base64,([A-Za-z0-9+/=]+)$/.exec(photo);
    expect(match).not.toBeNull();
    const bytes = Uint8Array.from(atob(match?.[1] ?? ''), (ch) => ch.charCodeAt(0));
    expect(bytes).toEqual(avatar);
    expect(metadataFound(bytes)).toEqual([]);
    // The phone photo was 774 KB; a contact needs the 384 px derivative.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('types e-mail, phone and web links correctly', () => {
    const props = parseVCard(text);
    expect(values(props, 'EMAIL')).toEqual(['ada@example.com']);
    const tel = props.filter((p) => p.name === 'TEL');
    expect(tel.map((p) => p.value)).toEqual(['tel:+441234567890']);
    expect(tel[0]?.params.VALUE).toBe('uri');
    const web = props.filter((p) => p.name === 'URL' && p.group !== null && p.group !== 'card');
    const expected = TEN_LINKS.filter((l) => l.url.startsWith('https:'));
    expect(web.map((p) => p.value)).toEqual(expected.map((l) => l.url));
    const labels = props.filter((p) => p.name === 'X-ABLABEL');
    expect(web.map((p) => labels.find((l) => l.group === p.group)?.value)).toEqual(expected.map((l) => l.title));
    expect(text).not.toContain('mailto:');
  });

  it('has no PHOTO without an avatar, and follows the card: private 403, missing 404', async () => {
    const bare = await insertCard({ name: 'Solo' });
    const props = parseVCard((await page(`/p/${bare.username}.vcf`)).text);
    expect(values(props, 'PHOTO')).toEqual([]);
    expect(values(props, 'N')).toEqual([';Solo;;;']);
    await env.DB.prepare('UPDATE profiles SET is_active = 0 WHERE user_id = ?').bind(bare.id).run();
    expect((await page(`/p/${bare.username}.vcf`)).status).toBe(403);
    expect((await page('/p/nobody_at_all.vcf')).status).toBe(404);
  });

  it('keeps an address with a stray % (legal in e-mail) instead of failing', async () => {
    const odd = await createCard({
      name: 'Odd Percent',
      links: [
        { title: 'Mail', url: 'mailto:john%doe@example.com' },
        { title: 'Call', url: 'tel:+44%20%' },
      ],
    });
    const vcf = await page(`/p/${odd.username}.vcf`);
    expect(vcf.status).toBe(200);
    const props = parseVCard(vcf.text);
    expect(values(props, 'EMAIL')).toEqual(['john%doe@example.com']);
    expect(values(props, 'TEL')).toEqual(['tel:+4420']);
  });

  it('offers the download from the card', async () => {
    const res = await api(`/p/${card.username}`);
    expect(res.body._text).toContain(`href="/p/${card.username}.vcf"`);
    expect(res.body._text).toContain('>Save contact</a>');
  });
});

describe('GET /p/{username}.vcf in an independent reader', () => {
  // ical.js keeps to RFC 6350's grammar (Thunderbird's address book reads vCards with it): each
  // value the owner typed, punctuation and scripts included, must come back exactly.
  const typed = {
    name: 'Zoë "Ziggy" O\'Brien; Jr., Dr.\\ 👩🏽‍💻 مرحبا',
    bio: '=SUM(1,2); semi: colon \\ back\n👨‍👩‍👧‍👦 عربي, English',
    job_title: 'Head, of; Design: \\ "Chief"',
    company: 'Acme; Widgets, Ltd\\ شركة',
    location: 'Zürich, CH; "Old Town"',
  };

  it('reads every text value back exactly, structured ones component by component', async () => {
    const user = await registerUser({ name: typed.name });
    const res = await postForm('/v1/user/profile/update', user.token, { username: user.username, ...typed });
    expect(res.status).toBe(200);
    const vcf = await page(`/p/${user.username}.vcf`);
    const card = new ICAL.Component(ICAL.parse(vcf.text) as unknown[]);
    const value = (name: string) => card.getFirstPropertyValue(name);
    expect(value('fn')).toBe(typed.name);
    expect(value('title')).toBe(typed.job_title);
    expect(value('note')).toBe(typed.bio);
    expect(value('n')).toEqual(['مرحبا', 'Zoë "Ziggy" O\'Brien; Jr., Dr.\\ 👩🏽‍💻', '', '', '']);
    expect(value('org')).toBe(typed.company);
    expect(value('adr')).toEqual(['', '', '', typed.location, '', '', '']);
  });
});
