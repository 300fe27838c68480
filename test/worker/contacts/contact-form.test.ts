import { describe, expect, it } from 'vitest';
import { CONTACTS_PER_CLIENT_PER_HOUR, CONTACTS_PER_VISITOR } from '@shared/schemas/contacts';
import { outbox } from '../auth-helpers';
import { api, clientIp } from '../helpers';
import { page } from '../page-helpers';
import {
  contactRows,
  GRACE,
  listContacts,
  ownerWithExchange,
  PHONE_UA,
  postContact,
  setExchange,
} from './contact-helpers';

// A visitor leaves their details on a card through a plain HTML form.
describe('contact exchange on the card', { timeout: 30_000 }, () => {
  it('is off by default: no button on the card, no form, and the profile says so', async () => {
    const owner = await ownerWithExchange(false);
    const profile = await api('/v1/user/profile', { token: owner.token });
    expect(profile.body.data.contact_exchange).toBe(false);
    const card = await page(`/p/${owner.username}`);
    expect(card.text).not.toContain('Share your contact');
    expect(card.text).not.toContain(`/p/${owner.username}/contact`);
    // Said as it is, with the way back to the card: the card is there, its form is not.
    const closed = await page(`/p/${owner.username}/contact`);
    expect(closed.status).toBe(404);
    expect(closed.text).toContain('<h1>Not taking contacts</h1>');
    expect(closed.text).toContain(`<bdi>@${owner.username}</bdi> is not taking contacts here at the moment.`);
    expect(closed.text).toContain(`href="/p/${owner.username}"`);
    expect(closed.text).not.toContain('Profile Not Found');
    expect(closed.text).not.toContain('<form');
    const posted = await postContact(owner.username, GRACE);
    expect(posted.status).toBe(404);
    expect(posted.text).toContain('Not taking contacts');
    expect(await contactRows(owner.id)).toEqual([]);
  });

  it('turned on through the profile update: the card links to a form that needs no script', async () => {
    const owner = await ownerWithExchange();
    const updated = await api('/v1/user/profile', { token: owner.token });
    expect(updated.body.data.contact_exchange).toBe(true);
    const json = await api(`/v1/p/${owner.username}`);
    expect(json.body.data.contact_exchange).toBe(true);

    const card = await page(`/p/${owner.username}`);
    expect(card.text).toContain(`<a class="save" href="/p/${owner.username}/contact">Share your contact</a>`);

    const form = await page(`/p/${owner.username}/contact`);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`<form action="/p/${owner.username}/contact" method="post">`);
    expect(form.text).not.toMatch(/<script\b/);
    expect(form.text).toContain(
      `I agree that <bdi>Ada Lovelace</bdi> (<bdi>@${owner.username}</bdi>) will receive these details to get in touch with me.`,
    );
    expect(form.text).toMatch(/<input[^>]*required=""[^>]*name="name"/);
    expect(form.text).toMatch(
      /<input type="checkbox" required="" aria-describedby="consent-hint" name="consent" value="yes"\/>/,
    );
    expect(form.headers.get('Content-Security-Policy')).toContain("form-action 'self'");
    expect(form.headers.get('Cache-Control')).toBe('no-store');

    // Turning it off takes the button and the form away again.
    await setExchange(owner, false);
    expect((await page(`/p/${owner.username}`)).text).not.toContain('Share your contact');
    expect((await page(`/p/${owner.username}/contact`)).status).toBe(404);
  });

  it('says on the page that one of an email and a phone is enough, and that the consent box is required', async () => {
    const owner = await ownerWithExchange();
    const form = await page(`/p/${owner.username}/contact`);
    expect(form.status).toBe(200);
    // Plain labels, with one hint for the pair that each of the two fields is described by.
    expect(form.text).toMatch(/<span>Email<\/span><input type="email"[^>]*aria-describedby="reach-hint" name="email"/);
    expect(form.text).toMatch(/<span>Phone<\/span><input type="tel"[^>]*aria-describedby="reach-hint" name="phone"/);
    expect(form.text).not.toMatch(/\((or a phone|or an email)\)/);
    expect(form.text).toContain('<p class="hint" id="reach-hint">An email or a phone: one of the two is enough.</p>');
    // The consent box says it is required in words on the page, not only in the browser's bubble.
    expect(form.text).toContain(
      '<p class="hint consent-hint" id="consent-hint">Required: <bdi>Ada</bdi> receives your details only if you tick this box.</p>',
    );

    // Sent without the box (as a browser without the `required` check does): the error names the box.
    const refused = await postContact(owner.username, { ...GRACE, consent: '' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(
      '<p class="err" id="consent-error">Please tick the &#x27;I agree&#x27; box to share these details</p>',
    );
    expect(refused.text).toMatch(
      /<input type="checkbox" required="" aria-invalid="true" aria-describedby="consent-hint consent-error" name="consent"/,
    );
    expect(refused.text).toContain('Required: <bdi>Ada</bdi> receives your details only if you tick this box.');
    expect(await contactRows(owner.id)).toEqual([]);
  });

  it('stores a contact posted without JavaScript, shows thanks and mails the owner', async () => {
    const owner = await ownerWithExchange();
    const res = await postContact(owner.username, GRACE);
    expect(res.status).toBe(201);
    expect(res.text).toContain('<bdi>Ada Lovelace</bdi> has received your contact.');
    expect(await contactRows(owner.id)).toEqual([
      {
        name: GRACE.name,
        email: GRACE.email,
        phone: GRACE.phone,
        company: GRACE.company,
        note: GRACE.note,
      },
    ]);
    const list = await listContacts(owner.token);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.contacts[0]).toMatchObject({ name: GRACE.name, email: GRACE.email });
    expect(list.body.data.contacts[0]).not.toHaveProperty('visitor');

    const [mail] = await outbox(owner.email);
    expect(mail?.subject).toBe('New contact on your card: Grace Hopper');
    expect(mail?.text).toContain('Email: grace@example.com');
    expect(mail?.text).toContain('Phone: +1 (555) 010-4477');
    expect(mail?.text).toContain('/dashboard/contacts');
  });

  it('needs a name, an e-mail or a phone, and the consent', async () => {
    const owner = await ownerWithExchange();
    const byPhone = await postContact(owner.username, { name: 'Alan', phone: '+44 1234 567890', consent: 'yes' });
    expect(byPhone.status).toBe(201);
    const byMail = await postContact(owner.username, { name: 'Joan', email: 'joan@example.com', consent: 'yes' });
    expect(byMail.status).toBe(201);
    expect(await contactRows(owner.id)).toEqual([
      { name: 'Alan', email: '', phone: '+44 1234 567890', company: '', note: '' },
      { name: 'Joan', email: 'joan@example.com', phone: '', company: '', note: '' },
    ]);
  });

  it('refuses a name alone, saying how to be reached, under the e-mail field', async () => {
    const owner = await ownerWithExchange();
    const res = await postContact(owner.username, { name: 'Alan', company: 'Bletchley', consent: 'yes' });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/<p class="err" id="email-error">Add an email or a phone so Ada can reply<\/p>/);
    expect(res.text).toContain('value="Bletchley"');
    expect(await contactRows(owner.id)).toEqual([]);
  });

  it.each([
    ['no name', { ...GRACE, name: '  ' }, 'Please enter your name'],
    ['no consent', { ...GRACE, consent: '' }, 'Please tick the &#x27;I agree&#x27; box to share these details'],
    ['a bad e-mail', { ...GRACE, email: 'grace@' }, 'Please enter a valid email address'],
    ['a bad phone', { ...GRACE, phone: 'call me maybe' }, 'Please enter a valid phone number'],
    ['a phone without digits', { ...GRACE, email: '', phone: '()-' }, 'Please enter a valid phone number'],
    ['a long note', { ...GRACE, note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
  ])('refuses %s with the form again, its message, what was typed, and stores nothing', async (_, fields, message) => {
    const owner = await ownerWithExchange();
    const res = await postContact(owner.username, fields);
    expect(res.status).toBe(422);
    expect(res.text).toContain(message);
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toContain(`value="${fields.company.replace(/,/g, ',')}"`);
    expect(await contactRows(owner.id)).toEqual([]);
    expect(await outbox(owner.email)).toEqual([]);
  });

  it('refuses a body that is not a form', async () => {
    const owner = await ownerWithExchange();
    const res = await page(`/p/${owner.username}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(GRACE),
    });
    expect(res.status).toBe(415);
    expect(await contactRows(owner.id)).toEqual([]);
  });

  it('is bounded per visitor: the same visitor is refused after the bound, another still gets through', async () => {
    const owner = await ownerWithExchange();
    const visitor = { ip: clientIp(), userAgent: PHONE_UA };
    for (let i = 0; i < CONTACTS_PER_VISITOR; i++) {
      expect((await postContact(owner.username, { ...GRACE, name: `Grace ${i}` }, visitor)).status).toBe(201);
    }
    const refused = await postContact(owner.username, { ...GRACE, name: 'Grace again' }, visitor);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('You have already shared your contact with this card several times today.');
    // A place frees when the first of the day's contacts is a day old.
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(86_400 - 60);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(86_400);
    expect(await contactRows(owner.id)).toHaveLength(CONTACTS_PER_VISITOR);

    // In parallel too: the bound is checked inside the INSERT.
    const other = await ownerWithExchange();
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => postContact(other.username, { ...GRACE, name: `Burst ${i}` }, visitor)),
    );
    expect(burst.filter((res) => res.status === 201)).toHaveLength(CONTACTS_PER_VISITOR);
    expect(await contactRows(other.id)).toHaveLength(CONTACTS_PER_VISITOR);

    const someoneElse = await postContact(owner.username, { ...GRACE, name: 'Katherine' }, { ip: clientIp() });
    expect(someoneElse.status).toBe(201);
  });

  it('is bounded per connection across cards, and says when the next hour lets it through again', async () => {
    const owners = await Promise.all(Array.from({ length: 4 }, () => ownerWithExchange()));
    const visitor = { ip: clientIp(), userAgent: PHONE_UA };
    const statuses: number[] = [];
    for (const [i, owner] of owners.entries()) {
      for (let n = 0; n < CONTACTS_PER_VISITOR; n++) {
        statuses.push((await postContact(owner.username, { ...GRACE, name: `Grace ${i}.${n}` }, visitor)).status);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACTS_PER_CLIENT_PER_HOUR);
    const refused = await postContact(owners[3]!.username, { ...GRACE, name: 'Grace late' }, visitor);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Too many contacts were shared from your connection.');
    const hour = 3_600_000;
    const untilNextHour = Math.ceil(((Math.floor(Date.now() / hour) + 1) * hour - Date.now()) / 1000);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(untilNextHour - 2);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(untilNextHour + 2);
  });

  it("with the owner's mail switched off, stores the contact and sends nothing", async () => {
    const owner = await ownerWithExchange();
    const off = await api('/v1/user/contacts/settings', { method: 'PUT', token: owner.token, json: { notify: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ contact_exchange: true, notify: false });
    expect((await postContact(owner.username, GRACE)).status).toBe(201);
    expect(await contactRows(owner.id)).toHaveLength(1);
    expect(await outbox(owner.email)).toEqual([]);
  });

  it('answers 404 for a private card or a missing one', async () => {
    const owner = await ownerWithExchange();
    const { postForm } = await import('../images');
    await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      is_active: '0',
    });
    // A private card's form is Page Not Found, like a missing card's: it says nothing of the card.
    const hidden = await page(`/p/${owner.username}/contact`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain('Profile Not Found');
    expect(hidden.text).not.toContain('Not taking contacts');
    expect((await postContact(owner.username, GRACE)).status).toBe(404);
    expect((await page('/p/nobody-here-at-all/contact')).status).toBe(404);
  });

  it('refuses a contact_exchange value that is not a flag, changing nothing', async () => {
    const owner = await ownerWithExchange(false);
    const { postForm } = await import('../images');
    const res = await postForm('/v1/user/profile/update', owner.token, {
      name: owner.name,
      username: owner.username,
      contact_exchange: 'maybe',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.contact_exchange).toEqual(['contact_exchange must be 1 or 0']);
    expect((await api('/v1/user/profile', { token: owner.token })).body.data.contact_exchange).toBe(false);
  });
});
