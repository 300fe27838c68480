import ICAL from 'ical.js';
import { parse as parseVCard4 } from 'vcard4';
import { beforeAll, describe, expect, it } from 'vitest';
import { userResponse } from '@shared/schemas/user';
import { publicCardResponse } from '@shared/schemas/public-card';
import { api, registerUser } from '../helpers';
import { postForm, profileRow } from '../images';
import { page } from '../page-helpers';

// The business card's fields, from the form to the card, the saved
// contact and the JSON-LD.

type Account = Awaited<ReturnType<typeof registerUser>>;
let ada: Account;
let bob: Account;

const FIELDS = {
  job_title: '  Head of Design\u200B ',
  company: 'Acme; Widgets, Ltd',
  phone: '+44 20 7946 0958',
  public_email: 'Ada@Acme.example',
  location: 'Berlin, Germany',
  pronouns: 'she/her',
};

const update = (who: Account | { token: undefined; name: string; username: string }, fields: Record<string, string>) =>
  postForm('/v1/user/profile/update', who.token, { name: who.name, username: who.username, ...fields });

beforeAll(async () => {
  [ada, bob] = await Promise.all([registerUser({ name: 'Ada King Lovelace' }), registerUser()]);
  const res = await update(ada, FIELDS);
  expect(res.status).toBe(200);
});

describe('the business card fields', () => {
  it('saves each field cleaned, the phone in E.164, and answers them on both profile reads', async () => {
    const saved = {
      job_title: 'Head of Design',
      company: 'Acme; Widgets, Ltd',
      phone: '+442079460958',
      phone_display: '+44 20 7946 0958',
      public_email: 'ada@acme.example',
      location: 'Berlin, Germany',
      pronouns: 'she/her',
    };
    const own = await api('/v1/user/profile', { token: ada.token });
    expect(userResponse.parse(own.body).data).toMatchObject(saved);
    // The account's own e-mail stays private: the card's address is the one given.
    expect(own.body.data.email).toBe(ada.email);
    const card = await api(`/v1/p/${ada.username}`);
    const data = publicCardResponse.parse(card.body).data;
    expect(data).toMatchObject(saved);
    expect(JSON.stringify(data)).not.toContain(ada.email);
    expect(await profileRow(ada.id)).toMatchObject({
      job_title: 'Head of Design',
      phone: '+442079460958',
      public_email: 'ada@acme.example',
    });
  });

  it('leaves the fields as stored when an update does not send them, and clears one sent empty', async () => {
    const user = await registerUser();
    expect((await update(user, { company: 'Initech', phone: '+1 415 555 2671' })).status).toBe(200);
    const kept = await update(user, { bio: 'New bio' });
    expect(kept.body.data).toMatchObject({ company: 'Initech', phone: '+14155552671', bio: 'New bio' });
    const cleared = await update(user, { company: '' });
    expect(cleared.body.data).toMatchObject({ company: '', phone: '+14155552671' });
  });

  it.each([
    ['phone', 'call me maybe', 'Please enter a valid phone number'],
    ['phone', '+1 123', 'Please enter a valid phone number'],
    ['phone', '020 7946 0958', 'Please enter a valid phone number'],
    ['public_email', 'not-an-address', 'Please enter a valid email address'],
    ['job_title', 'x'.repeat(101), 'Job title must be at most 100 characters'],
    ['company', 'x'.repeat(101), 'Company must be at most 100 characters'],
    ['location', 'x'.repeat(101), 'Location must be at most 100 characters'],
    ['pronouns', 'x'.repeat(31), 'Pronouns must be at most 30 characters'],
  ])('refuses %s %j with its message and changes nothing', async (field, value, message) => {
    const before = await profileRow(ada.id);
    const res = await update(ada, { [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(await profileRow(ada.id)).toEqual(before);
  });

  it('counts the length after the same hygiene as the name (controls and invisible characters go)', async () => {
    const res = await update(bob, { pronouns: `they/them\u0000\u202E${'\u200B'.repeat(40)}` });
    expect(res.status).toBe(200);
    expect(res.body.data.pronouns).toBe('they/them');
  });

  it('sets only the caller’s own card; anonymous gets 401 and changes nothing', async () => {
    const before = await profileRow(ada.id);
    const anonymous = await update({ token: undefined, name: ada.name, username: ada.username }, { company: 'Evil' });
    expect(anonymous.status).toBe(401);
    // Bob naming Ada's username is a username clash, not a write to her card.
    const clash = await update({ ...bob, username: ada.username }, { company: 'Evil' });
    expect(clash.status).toBe(422);
    expect(await profileRow(ada.id)).toEqual(before);
    expect((await api(`/v1/p/${bob.username}`)).body.data.company).toBe('');
  });
});

describe('the card shows them', () => {
  let html: string;
  beforeAll(async () => {
    html = (await page(`/p/${ada.username}`)).text;
  });

  it('title and company under the name, pronouns and location, phone and e-mail as tap targets', () => {
    expect(html).toContain('<p class="role" dir="auto">Head of Design · Acme; Widgets, Ltd</p>');
    expect(html).toContain('<p class="pn" dir="auto">she/her</p>');
    expect(html).toContain('<p class="loc" dir="auto">Berlin, Germany</p>');
    expect(html).toMatch(/<a href="tel:\+442079460958" aria-label="Call \+44 20 7946 0958">/);
    expect(html).toContain('<bdi dir="ltr">+44 20 7946 0958</bdi></a>');
    expect(html).toMatch(/<a href="mailto:ada@acme.example" aria-label="Email ada@acme.example">/);
  });

  it('JSON-LD carries jobTitle, worksFor, telephone, email and address', () => {
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(block)).toMatchObject({
      '@type': 'Person',
      jobTitle: 'Head of Design',
      worksFor: { '@type': 'Organization', name: 'Acme; Widgets, Ltd' },
      telephone: '+442079460958',
      email: 'mailto:ada@acme.example',
      address: { '@type': 'PostalAddress', addressLocality: 'Berlin, Germany' },
    });
  });

  it('a card without the fields shows none of their markup', async () => {
    const plain = (await page(`/p/${bob.username}`)).text;
    expect(plain).not.toMatch(/class="(role|loc|reach)"/);
    expect(plain).not.toContain('"jobTitle"');
  });
});

describe('the saved contact is complete (read by two independent vCard 4 parsers)', () => {
  let text: string;
  beforeAll(async () => {
    await api('/v1/user/links', {
      method: 'POST',
      token: ada.token,
      json: { title: 'Call the office', url: 'tel:+442079460958', icon: '' },
    });
    const res = await page(`/p/${ada.username}.vcf`);
    expect(res.status).toBe(200);
    text = res.text;
  });

  it('vcard4 (RFC 6350, strict) reads TEL, EMAIL, TITLE, ORG and ADR', () => {
    const parsed = parseVCard4(text);
    if (Array.isArray(parsed)) throw new Error('one card expected');
    const one = (name: string) => parsed.getProperty(name);
    expect(one('TITLE').map((p) => p.value)).toEqual(['Head of Design']);
    expect(one('ORG').map((p) => p.value)).toEqual(['Acme; Widgets, Ltd']);
    // The card's own number once, not again from the link with the same number.
    expect(one('TEL')).toEqual([
      expect.objectContaining({
        value: 'tel:+442079460958',
        parameters: expect.objectContaining({ TYPE: 'cell,voice' }),
      }),
    ]);
    expect(one('EMAIL').map((p) => p.value)).toEqual(['ada@acme.example']);
    expect(one('ADR')[0]?.value).toMatchObject({ locality: 'Berlin, Germany', streetAddress: '' });
  });

  it('ICAL.js reads the same values', () => {
    const card = new ICAL.Component(ICAL.parse(text));
    expect(card.name).toBe('vcard');
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('title')).toBe('Head of Design');
    expect(card.getFirstPropertyValue('org')).toBe('Acme; Widgets, Ltd');
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+442079460958');
    expect(card.getFirstProperty('tel')?.getParameter('type')).toEqual(['cell', 'voice']);
    expect(card.getFirstPropertyValue('email')).toBe('ada@acme.example');
    expect(card.getFirstProperty('adr')?.getFirstValue()).toEqual(['', '', '', 'Berlin, Germany', '', '', '']);
  });

  it('holds only its own card: Bob’s contact has none of Ada’s fields, Ada’s none of Bob’s', async () => {
    const bobFields = { company: 'Bobcorp', phone: '+1 415 555 2671', public_email: 'bob@bobcorp.example' };
    expect((await update(bob, bobFields)).status).toBe(200);
    const bobCard = parseVCard4((await page(`/p/${bob.username}.vcf`)).text);
    const adaCard = parseVCard4((await page(`/p/${ada.username}.vcf`)).text);
    if (Array.isArray(bobCard) || Array.isArray(adaCard)) throw new Error('one card each expected');
    const values = (card: typeof bobCard, name: string) => card.getProperty(name).map((p) => p.value);
    expect(values(bobCard, 'ORG')).toEqual(['Bobcorp']);
    expect(values(bobCard, 'TEL')).toEqual(['tel:+14155552671']);
    expect(values(bobCard, 'EMAIL')).toEqual(['bob@bobcorp.example']);
    expect(values(bobCard, 'TITLE')).toEqual([]);
    expect(values(bobCard, 'ADR')).toEqual([]);
    expect(values(adaCard, 'ORG')).toEqual(['Acme; Widgets, Ltd']);
    expect(values(adaCard, 'TEL')).toEqual(['tel:+442079460958']);
    expect(values(adaCard, 'EMAIL')).toEqual(['ada@acme.example']);
    expect(values(adaCard, 'NICKNAME')).toEqual([ada.username]);
    expect(values(bobCard, 'NICKNAME')).toEqual([bob.username]);
  });
});
