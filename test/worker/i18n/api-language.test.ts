import { describe, expect, it } from 'vitest';
import { BUSINESS_TEXT_MAX } from '@shared/constants';
import { SEED_TEMPLATES } from '../../../worker/db/seed';
import { api, newAccount, registerUser } from '../helpers';
import { form, postForm } from '../images';

// Field errors and messages follow Accept-Language; English stays the spec's.
const badRegistration = { name: 'A', username: 'No Spaces!', email: 'not-an-email', password: '123' };

const register = (headers: Record<string, string> = {}) =>
  api('/v1/auth/register', { method: 'POST', json: badRegistration, headers });

describe('API messages by Accept-Language', () => {
  it('answers Spanish field errors to Accept-Language: es, and stores nothing', async () => {
    const res = await register({ 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.8' });
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Language')).toBe('es');
    expect(res.headers.get('Vary')).toMatch(/Accept-Language/);
    expect(res.body.errors).toEqual({
      name: ['El nombre debe tener al menos 2 caracteres'],
      username: ['El nombre de usuario solo puede contener letras minúsculas, números, guiones bajos y guiones'],
      email: ['Introduce una dirección de correo electrónico válida'],
      password: ['La contraseña debe tener al menos 6 caracteres'],
    });
    expect(res.body.message).toBe('El nombre debe tener al menos 2 caracteres');
  });

  it('keeps the spec English, byte for byte, when the header is absent, English or unsupported', async () => {
    const english = {
      name: ['Name must be at least 2 characters'],
      username: ['Username can only contain lowercase letters, numbers, underscores, and hyphens'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
    };
    const headerSets: Record<string, string>[] = [
      {},
      { 'Accept-Language': 'en-GB,en' },
      { 'Accept-Language': 'ja-JP,zh;q=0.5' },
    ];
    for (const headers of headerSets) {
      const res = await register(headers);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(english);
      expect(res.body.message).toBe('Name must be at least 2 characters');
    }
  });

  it('never answers in a language the visitor refused with q=0 (RFC 9110)', async () => {
    const french = await register({ 'Accept-Language': 'es;q=0, fr' });
    expect(french.status).toBe(422);
    expect(french.headers.get('Content-Language')).toBe('fr');
    expect(french.body.message).toBe('Le nom doit comporter au moins 2 caractères');
    // German refused and nothing else asked for: English, the default.
    for (const header of ['de;q=0', 'de-DE;q=0.0', 'es;q=0, ja;q=0.8', 'pt-BR;q=0,pt;q=0.000']) {
      const english = await register({ 'Accept-Language': header });
      expect(english.body.message, header).toBe('Name must be at least 2 characters');
    }
    // A refused language ranked first loses to any accepted one, whatever its weight.
    const german = await register({ 'Accept-Language': 'fr;q=0, es;q=0, de;q=0.1' });
    expect(german.headers.get('Content-Language')).toBe('de');
  });

  it('translates success messages and the other five languages too', async () => {
    const answers = await Promise.all(
      (['pt-BR', 'fr', 'de', 'ar'] as const).map((language) =>
        api('/v1/auth/login', {
          method: 'POST',
          json: { email: 'x@example', password: '1' },
          headers: { 'Accept-Language': language },
        }),
      ),
    );
    expect(answers.map((res) => res.body.errors?.email?.[0])).toEqual([
      'Informe um endereço de e-mail válido',
      'Veuillez saisir une adresse e-mail valide',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      'يُرجى إدخال بريد إلكتروني صالح',
    ]);
    const account = newAccount();
    const created = await api('/v1/auth/register', {
      method: 'POST',
      json: account,
      headers: { 'Accept-Language': 'de-DE' },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Registrierung erfolgreich');
    expect(created.body.user.username).toBe(account.username);
  });
});

describe('messages the web app recognises by their English', () => {
  it('stay English in any language until the API gives them a code', async () => {
    const res = await api('/v1/auth/reset-password', {
      method: 'POST',
      json: {
        email: 'someone@example.com',
        token: 'not-a-real-token',
        password: 'Lantern42orbit!',
        password_confirmation: 'Lantern42orbit!',
      },
      headers: { 'Accept-Language': 'fr' },
    });
    expect(res.body).toMatchObject({ errors: { token: ['Invalid or expired token'] } });
  });
});

describe('refusals of a malformed request', () => {
  it("say that the body must be an object in the caller's language, English without a header", async () => {
    const send = (headers: Record<string, string>) =>
      api('/v1/auth/login', { method: 'POST', json: ['x@example.com', 'secret'], headers });
    const [spanish, arabic, english] = await Promise.all([
      send({ 'Accept-Language': 'es' }),
      send({ 'Accept-Language': 'ar' }),
      send({}),
    ]);
    expect([spanish.status, arabic.status, english.status]).toEqual([422, 422, 422]);
    expect(spanish.body.message).toBe('El cuerpo de la solicitud debe ser un objeto JSON.');
    expect(arabic.body.message).toBe('يجب أن يكون نص الطلب كائن JSON.');
    expect(english.body.message).toBe('The request body must be a JSON object.');
  });
});

describe('placeholders in translated messages', () => {
  it('fills Arabic plural forms from the number and translates the name of the field', async () => {
    const arabic = await register({ 'Accept-Language': 'ar' });
    // Two is its own form in Arabic ('حرفين'), six takes the 3-10 form.
    expect(arabic.body.errors.name).toEqual(['يجب ألا يقل الاسم عن حرفين']);
    expect(arabic.body.errors.password).toEqual(['يجب ألا تقل كلمة المرور عن 6 أحرف']);

    const user = await registerUser();
    const res = await postForm('/v1/user/profile/update', user.token, {
      name: user.name,
      username: user.username,
      job_title: 'x'.repeat(BUSINESS_TEXT_MAX + 1),
    });
    expect(res.body.errors.job_title).toEqual([`Job title must be at most ${BUSINESS_TEXT_MAX} characters`]);
    const spanish = await api('/v1/user/profile/update', {
      method: 'POST',
      token: user.token,
      body: form({ name: user.name, username: user.username, job_title: 'x'.repeat(BUSINESS_TEXT_MAX + 1) }),
      headers: { 'Accept-Language': 'es' },
    });
    expect(spanish.status).toBe(422);
    expect(spanish.body.errors.job_title).toEqual([
      `El campo «Cargo» debe tener como máximo ${BUSINESS_TEXT_MAX} caracteres`,
    ]);
  });
});

describe('messages the dashboard shows as they arrive', () => {
  it('translates the Security screen errors and the Contacts toast, and English stays', async () => {
    const user = await registerUser();
    const change = (language: string, body: Record<string, string>) =>
      api('/v1/user/security/password', {
        method: 'POST',
        token: user.token,
        json: { password: 'quiet-harbour-77', password_confirmation: 'quiet-harbour-77', ...body },
        headers: { 'Accept-Language': language },
      });
    expect((await change('es', { current_password: 'not-it-at-all' })).body.errors).toEqual({
      current_password: ['Tu contraseña actual no es correcta'],
    });
    const common = { current_password: user.password, password: 'iloveyou', password_confirmation: 'iloveyou' };
    expect((await change('fr', common)).body.errors.password).toEqual([
      'Ce mot de passe est trop courant. Veuillez en choisir un moins courant.',
    ]);
    expect((await change('en', common)).body.errors.password).toEqual([
      'This password is too common. Please choose a less common password.',
    ]);

    const notify = (language: string, on: boolean) =>
      api('/v1/user/contacts/settings', {
        method: 'PUT',
        token: user.token,
        json: { notify: on },
        headers: { 'Accept-Language': language },
      });
    expect((await notify('pt-BR', false)).body.message).toBe('Os e-mails de novos contatos estão desativados');
    expect((await notify('ar', true)).body.message).toBe('ستصلك رسالة بريد إلكتروني عن كل جهة اتصال جديدة');
    expect((await notify('en', true)).body.message).toBe('You will get an e-mail for each new contact');
  });
});

describe("the templates' descriptions", () => {
  it('are in the Templates screen language; English stays the seed', async () => {
    const user = await registerUser();
    const list = async (language: string) =>
      (await api('/v1/user/templates', { token: user.token, headers: { 'Accept-Language': language } })).body.data as {
        name: string;
        description: string;
      }[];
    const [english, spanish, arabic] = await Promise.all([list('en'), list('es'), list('ar')]);
    expect(english.map((template) => template.description)).toEqual(
      SEED_TEMPLATES.map((template) => template.description),
    );
    const professional = (templates: typeof english) =>
      templates.find((template) => template.name === 'Professional')?.description;
    expect(professional(spanish)).toBe('Dos columnas: quién eres a la izquierda y tus enlaces a la derecha.');
    // The card mirrors in Arabic, so the sides swap.
    expect(professional(arabic)).toBe('عمودان: من أنت على اليمين، وروابطك على اليسار.');
    for (const [index, template] of spanish.entries())
      expect(template.description, template.name).not.toBe(english[index]?.description);
  });
});
