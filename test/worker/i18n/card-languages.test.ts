import ICAL from 'ical.js';
import { parse as parseVCard4 } from 'vcard4';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/i18n/languages';
import { registerUser } from '../helpers';
import { outbox, post } from '../auth-helpers';
import { postForm } from '../images';
import { postContact, setExchange } from '../contacts/contact-helpers';
import { createCard, page } from '../page-helpers';
import { CARD_WORDS, setAccountLanguage, setLanguage } from './language-helpers';

// The card, its pages and its vCard speak the card's language; the owner's e-mails the account's.
const htmlTag = (text: string) => /<html[^>]*>/.exec(text)?.[0];

describe('the card in each language', { timeout: 30_000 }, () => {
  it.each(LANGUAGES)('%s: lang (and dir), and its fixed words translated', async (language) => {
    const card = await createCard({ name: 'Ada Lovelace', links: 2 });
    await setExchange(card, true);
    await setLanguage(card, language);
    const { status, text } = await page(`/p/${card.username}`);
    expect(status).toBe(200);
    expect(htmlTag(text)).toBe(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
    const words = CARD_WORDS[language];
    expect(text).toContain(`download="${card.username}.vcf">${words.save}</a>`);
    expect(text).toContain(`href="/p/${card.username}/contact">${words.share}</a>`);
    expect(text).toContain(`rel="nofollow">${words.report}</a>`);
    expect(text).toContain(`${words.poweredBy} <a href="/">Cardlink</a>`);
    if (language !== 'en') {
      for (const english of Object.values(CARD_WORDS.en)) expect(text).not.toContain(`>${english}<`);
    }
    // The name keeps its own direction inside the card's.
    expect(text).toContain('<h1 dir="auto">Ada Lovelace</h1>');
  });

  it('the contact form, the QR page, the report form and the vCard follow the card', async () => {
    const card = await createCard({ name: 'Lina Haddad', links: 1 });
    await setExchange(card, true);
    await setLanguage(card, 'ar');
    const contact = await page(`/p/${card.username}/contact`);
    expect(htmlTag(contact.text)).toBe('<html lang="ar" dir="rtl">');
    expect(contact.text).toContain('شارك بيانات تواصلك مع <bdi>Lina Haddad</bdi>');
    expect(contact.text).toContain('مشاركة بياناتي');
    const refused = await postContact(card.username, { name: '', email: 'nope', consent: 'yes' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('يُرجى تصحيح الحقول المميَّزة.');
    expect(refused.text).toContain('يُرجى إدخال اسمك');
    expect(refused.text).not.toContain('Please enter');

    const qr = await page(`/qr/${card.username}`);
    expect(htmlTag(qr.text)).toBe('<html lang="ar" dir="rtl">');
    expect(qr.text).toContain(`العودة إلى <bdi>@${card.username}</bdi>`);

    await setLanguage(card, 'fr');
    const report = await page(`/p/${card.username}/report`);
    expect(htmlTag(report.text)).toBe('<html lang="fr" dir="ltr">');
    expect(report.text).toContain('Usurpation d’identité');
    expect(report.text).toContain('Envoyer le signalement');

    await setLanguage(card, 'de');
    const vcard = await page(`/p/${card.username}.vcf`);
    expect(vcard.text).toContain(
      `card.URL:https://card.test/p/${card.username}\r\ncard.X-ABLabel:Digitale Visitenkarte\r\n`,
    );
  });

  it('the vCard’s card URL and its label, read by vcard4 and ICAL.js, in each card’s own language', async () => {
    const [arabic, german, english] = await Promise.all([
      createCard({ name: 'Lina Haddad', links: 1 }),
      createCard({ name: 'Hans Weber', links: 1 }),
      createCard({ name: 'Ann English', links: 1 }),
    ]);
    await setLanguage(arabic, 'ar');
    await setLanguage(german, 'de');
    for (const [card, label] of [
      [arabic, 'البطاقة الرقمية'],
      [german, 'Digitale Visitenkarte'],
      [english, 'Digital card'],
    ] as const) {
      const { status, text } = await page(`/p/${card.username}.vcf`);
      expect(status).toBe(200);
      const url = `https://card.test/p/${card.username}`;

      const strict = parseVCard4(text);
      if (Array.isArray(strict)) throw new Error('one card expected');
      const grouped = (name: string) =>
        strict
          .getProperty(name)
          .filter((p: { group?: string }) => p.group === 'card')
          .map((p) => p.value);
      expect(grouped('URL')).toEqual([url]);
      expect(grouped('X-ABLABEL')).toEqual([label]);

      const ical = new ICAL.Component(ICAL.parse(text));
      const inGroup = (name: string) =>
        ical
          .getAllProperties(name)
          .filter((p) => p.getParameter('group') === 'card')
          .map((p) => p.getFirstValue());
      expect(inGroup('url')).toEqual([url]);
      expect(inGroup('x-ablabel')).toEqual([label]);
    }
  });

  it('a private card tells visitors so in its language; a missing one in the visitor’s', async () => {
    const card = await createCard({ name: 'Private Person' });
    await setLanguage(card, 'pt-BR');
    await postForm('/v1/user/profile/update', card.token, { name: card.name, username: card.username, is_active: '0' });
    const hidden = await page(`/p/${card.username}`);
    expect(hidden.status).toBe(403);
    expect(htmlTag(hidden.text)).toBe('<html lang="pt-BR" dir="ltr">');
    expect(hidden.text).toContain(`<bdi>@${card.username}</bdi> deixou o perfil privado.`);

    const missing = await page('/p/nobody_speaks_here', { headers: { 'Accept-Language': 'es-MX,es;q=0.9' } });
    expect(missing.status).toBe(404);
    expect(htmlTag(missing.text)).toBe('<html lang="es" dir="ltr">');
    expect(missing.text).toContain('<h1>Perfil no encontrado</h1>');
    expect(missing.text).toContain('Ir a la página de inicio');
    // A language chosen on the site (the cl_lang cookie) wins over the browser's.
    const chosen = await page('/p/nobody_speaks_here', {
      headers: { 'Accept-Language': 'en-US,en', Cookie: 'cl_lang=fr' },
    });
    expect(htmlTag(chosen.text)).toBe('<html lang="fr" dir="ltr">');
    expect(chosen.text).toContain('<h1>Profil introuvable</h1>');
    const english = await page('/p/nobody_speaks_here');
    expect(english.text).toContain('<h1>Profile Not Found</h1>');
    expect(english.text).toContain('The profile you&#x27;re looking for doesn&#x27;t exist or has been moved.');
  });
});

describe('e-mails in the recipient’s language', { timeout: 30_000 }, () => {
  it('the password-reset mail speaks the account’s language; English stays the spec’s', async () => {
    const spanish = await registerUser();
    await setAccountLanguage(spanish, 'es');
    expect((await post('/v1/auth/forgot-password', { email: spanish.email })).status).toBe(200);
    const [mail] = await outbox(spanish.email);
    expect(mail?.subject).toBe('Tu código para restablecer la contraseña');
    expect(mail?.text).toBe(
      `Tu código para restablecer la contraseña es ${mail?.code}.\n\nCaduca en 10 minutos. Si no has pedido restablecer tu contraseña, puedes ignorar este mensaje.`,
    );
    expect(mail?.code).toMatch(/^\d{6}$/);

    const english = await registerUser();
    await post('/v1/auth/forgot-password', { email: english.email });
    const [plain] = await outbox(english.email);
    expect(plain?.subject).toBe('Your password reset code');
    expect(plain?.text).toBe(
      `Your password reset code is ${plain?.code}.\n\nIt expires in 10 minutes. If you did not ask to reset your password, you can ignore this message.`,
    );
  });

  it('the new-contact mail speaks the owner’s language, whatever the visitor’s', async () => {
    const owner = await registerUser({ name: 'Hans Weber' });
    await setExchange(owner, true);
    await setAccountLanguage(owner, 'de');
    const sent = await postContact(owner.username, { name: 'Ana Souza', email: 'ana@example.com', consent: 'yes' });
    expect(sent.status).toBe(201);
    const [mail] = await outbox(owner.email);
    expect(mail?.subject).toBe('Neuer Kontakt auf Ihrer Karte: Ana Souza');
    expect(mail?.text).toContain('Ana Souza hat über Ihre Karte Kontaktdaten geteilt.');
    expect(mail?.text).toContain('E-Mail: ana@example.com');
  });
});
