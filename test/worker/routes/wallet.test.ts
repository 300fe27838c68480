// /v1/user/wallet: Apple Wallet and Google Wallet passes of the owner's card, signed
// with throwaway credentials made in the test; each wallet only when its secrets are set.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { unzipSync } from 'fflate';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { googleSaveLinkSchema, walletAvailabilitySchema } from '@shared/schemas/wallet';
import worker from '../../../worker/index';
import { pngSize } from '../../../worker/lib/png';
import { readAnswer, toRequest, type ApiInit } from '../helpers';
import { postForm } from '../images';
import { createCard } from '../page-helpers';
import { appleTestCredentials, googleTestCredentials } from '../wallet-keys';

type Secrets = Record<string, string>;

/** A request to the Worker with the operator's secrets set as they would be by `wrangler secret put`. */
async function call(path: string, secrets: Secrets, init: ApiInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    toRequest(path, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...secrets },
    ctx,
  );
  const binary = res.headers.get('Content-Type') === 'application/vnd.apple.pkpass';
  const bytes = binary ? new Uint8Array(await res.arrayBuffer()) : new Uint8Array();
  const answer = binary ? { status: res.status, headers: res.headers, text: '', body: {} } : await readAnswer(res);
  await waitOnExecutionContext(ctx);
  return { ...answer, bytes };
}

const sha1Hex = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-1', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

const base64UrlBytes = (part: string) =>
  Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
const base64UrlJson = (part: string) =>
  JSON.parse(new TextDecoder().decode(base64UrlBytes(part))) as Record<string, unknown>;

type Card = Awaited<ReturnType<typeof createCard>>;
let apple: Awaited<ReturnType<typeof appleTestCredentials>>;
let google: Awaited<ReturnType<typeof googleTestCredentials>>;
let owner: Card;

beforeAll(async () => {
  [apple, google, owner] = await Promise.all([
    appleTestCredentials(),
    googleTestCredentials(),
    createCard({ name: 'Ada Lovelace', bio: 'Analyst & engineer\nLondon', avatar: true }),
  ]);
}, 60_000);

describe('which wallets are offered', () => {
  it('offers none without secrets, and refuses both passes with a clear 404', async () => {
    const res = await call('/v1/user/wallet', {}, { token: owner.token });
    expect(res.status).toBe(200);
    expect(walletAvailabilitySchema.parse(res.body.data)).toEqual({ apple: false, google: false });
    const pass = await call('/v1/user/wallet/apple', {}, { token: owner.token });
    expect(pass.status).toBe(404);
    expect(pass.body).toEqual({ success: false, message: 'Apple Wallet passes are not available on this server' });
    const link = await call('/v1/user/wallet/google', {}, { token: owner.token });
    expect(link.status).toBe(404);
    expect(link.body).toEqual({ success: false, message: 'Google Wallet passes are not available on this server' });
  });

  it('offers each wallet only when all of its secrets are set', async () => {
    const { APPLE_WWDR_CERT: _missing, ...partial } = apple.env;
    expect((await call('/v1/user/wallet', partial, { token: owner.token })).body.data).toEqual({
      apple: false,
      google: false,
    });
    expect((await call('/v1/user/wallet', apple.env, { token: owner.token })).body.data).toEqual({
      apple: true,
      google: false,
    });
    const both = { ...apple.env, ...google.env };
    expect((await call('/v1/user/wallet', both, { token: owner.token })).body.data).toEqual({
      apple: true,
      google: true,
    });
  });

  it('answers nobody without a sign-in', async () => {
    const secrets = { ...apple.env, ...google.env };
    for (const path of ['/v1/user/wallet', '/v1/user/wallet/apple', '/v1/user/wallet/google']) {
      const res = await call(path, secrets);
      expect(res.status).toBe(401);
      expect(res.headers.get('Content-Type')).not.toBe('application/vnd.apple.pkpass');
    }
  });
});

describe('GET /v1/user/wallet/apple', { timeout: 60_000 }, () => {
  it('is a signed .pkpass: pass.json, images, a manifest of their SHA-1s and a PKCS#7 signature that verifies', async () => {
    const res = await call('/v1/user/wallet/apple', apple.env, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.apple.pkpass');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${owner.username}.pkpass"`);
    const files = unzipSync(res.bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'logo@2x.png',
        'logo@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
        'thumbnail.png',
        'thumbnail@2x.png',
        'thumbnail@3x.png',
      ].sort(),
    );

    const pass = JSON.parse(new TextDecoder().decode(files['pass.json'])) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const cardUrl = `https://card.test/p/${owner.username}`;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.cardlink',
      teamIdentifier: 'TEAM123456',
      organizationName: 'Cardlink',
      generic: {
        primaryFields: [{ key: 'name', value: 'Ada Lovelace' }],
        secondaryFields: [{ key: 'title', value: 'Analyst & engineer' }],
        auxiliaryFields: [{ key: 'username', value: `@${owner.username}` }],
      },
      barcodes: [{ format: 'PKBarcodeFormatQR', message: `${cardUrl}?src=qr`, messageEncoding: 'iso-8859-1' }],
    });
    expect(pass.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(pngSize(files['icon.png']!)).toEqual({ width: 29, height: 29 });
    expect(pngSize(files['thumbnail@2x.png']!)).toEqual({ width: 180, height: 180 });

    // The manifest names every other file with its SHA-1.
    const manifestBytes = files['manifest.json']!;
    const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as Record<string, string>;
    const signed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed.sort());
    for (const name of signed) expect(manifest[name]).toBe(await sha1Hex(files[name]!));

    // A detached SignedData over the manifest, by the pass certificate, chained through the WWDR
    // intermediate to the test root.
    const info = pkijs.ContentInfo.fromBER(files.signature!);
    expect(info.contentType).toBe('1.2.840.113549.1.7.2');
    const signedData = new pkijs.SignedData({ schema: info.content });
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    const serials = (signedData.certificates ?? []).map(
      (cert) => (cert as pkijs.Certificate).serialNumber.valueBlock.valueDec,
    );
    expect(serials).toEqual([apple.pass.serialNumber.valueBlock.valueDec, apple.wwdr.serialNumber.valueBlock.valueDec]);
    const verified = await signedData.verify({
      signer: 0,
      data: manifestBytes.slice().buffer,
      trustedCerts: [apple.root],
      checkChain: true,
    });
    expect(verified).toBe(true);

    // The same signature does not cover a changed manifest.
    const tampered = new TextEncoder().encode(JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
    const forged = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(files.signature!).content });
    await expect(
      forged.verify({
        signer: 0,
        data: tampered.slice().buffer as ArrayBuffer,
        trustedCerts: [apple.root],
        checkChain: true,
      }),
    ).rejects.toThrow(/digest/i);
  });

  it('draws the initials as the thumbnail when the card has no photo, and the default title line without a bio', async () => {
    const plain = await createCard({ name: 'Grace Hopper' });
    const res = await call('/v1/user/wallet/apple', apple.env, { token: plain.token });
    expect(res.status).toBe(200);
    const files = unzipSync(res.bytes);
    const pass = JSON.parse(new TextDecoder().decode(files['pass.json'])) as {
      generic: { secondaryFields: { value: string }[] };
    };
    expect(pass.generic.secondaryFields[0]!.value).toBe('Digital business card');
    expect(pngSize(files['thumbnail.png']!)).toEqual({ width: 90, height: 90 });
  });

  it('shortens a long title line between characters, so pass.json holds no half of an emoji', async () => {
    // The cut (59 UTF-16 units) falls inside the emoji: an unpaired surrogate fails Apple's JSON reader.
    const long = await createCard({ name: 'Emoji Person', bio: `${'a'.repeat(58)}👩🏽‍💻 makes things\nLondon` });
    const res = await call('/v1/user/wallet/apple', apple.env, { token: long.token });
    expect(res.status).toBe(200);
    const json = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(unzipSync(res.bytes)['pass.json']);
    expect(json).not.toMatch(/\\ud[89a-f]/i);
    const pass = JSON.parse(json) as { generic: { secondaryFields: { value: string }[] } };
    expect(pass.generic.secondaryFields[0]!.value).toBe(`${'a'.repeat(58)}…`);
  });

  it('refuses a private card with 409, and a broken certificate with a generic 500', async () => {
    const hidden = await createCard({ name: 'Hidden Owner' });
    const update = await postForm('/v1/user/profile/update', hidden.token, {
      name: 'Hidden Owner',
      username: hidden.username,
      is_active: 'false',
    });
    expect(update.status).toBe(200);
    const res = await call('/v1/user/wallet/apple', apple.env, { token: hidden.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Make your card public before adding it to a wallet');

    const broken = {
      ...apple.env,
      APPLE_PASS_CERT: '-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----',
    };
    const failed = await call('/v1/user/wallet/apple', broken, { token: owner.token });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ success: false, message: 'Something went wrong. Please try again.' });
  });
});

describe('GET /v1/user/wallet/google', () => {
  it('is a save link whose RS256 JWT verifies against the service account key and carries the generic pass', async () => {
    const res = await call('/v1/user/wallet/google', google.env, { token: owner.token });
    expect(res.status).toBe(200);
    const { url } = googleSaveLinkSchema.parse(res.body.data);
    const token = url.slice('https://pay.google.com/gp/v/save/'.length);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(base64UrlJson(header)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const valid = await crypto.subtle.verify(
      'RSASSA-PKCS1-v1_5',
      google.publicKey,
      base64UrlBytes(signature),
      new TextEncoder().encode(`${header}.${payload}`),
    );
    expect(valid).toBe(true);

    const claims = base64UrlJson(payload) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const cardUrl = `https://card.test/p/${owner.username}`;
    expect(claims).toMatchObject({
      iss: 'wallet@cardlink-test.iam.gserviceaccount.com',
      aud: 'google',
      typ: 'savetowallet',
      origins: ['https://card.test'],
    });
    expect(claims.payload.genericClasses).toEqual([{ id: '3388000000012345678.cardlink_card' }]);
    const object = claims.payload.genericObjects[0];
    expect(object.id).toMatch(/^3388000000012345678\.cardlink-[0-9a-f]{32}-[0-9a-f]{12}$/);
    expect(object.classId).toBe('3388000000012345678.cardlink_card');
    expect(object.header.defaultValue.value).toBe('Ada Lovelace');
    expect(object.subheader.defaultValue.value).toBe('Analyst & engineer');
    expect(object.barcode).toMatchObject({ type: 'QR_CODE', value: `${cardUrl}?src=qr` });
    expect(object.logo.sourceUri.uri).toMatch(/^https:\/\/card\.test\/media\/avatars\/.+\.jpg$/);
    expect(object.heroImage.sourceUri.uri).toMatch(new RegExp(`^${cardUrl}/og\\.png\\?v=[0-9a-f]{24}$`));

    // Another key does not verify it.
    const other = await googleTestCredentials();
    const forged = await crypto.subtle.verify(
      'RSASSA-PKCS1-v1_5',
      other.publicKey,
      base64UrlBytes(signature),
      new TextEncoder().encode(`${header}.${payload}`),
    );
    expect(forged).toBe(false);
  });

  it('names a new pass object when the card changes, so the saved pass shows the change', async () => {
    const card = await createCard({ name: 'Changing Card' });
    const before = await call('/v1/user/wallet/google', google.env, { token: card.token });
    await postForm('/v1/user/profile/update', card.token, { name: 'Changed Card', username: card.username });
    const after = await call('/v1/user/wallet/google', google.env, { token: card.token });
    const objectOf = (url: string) =>
      (base64UrlJson(url.split('/').pop()!.split('.')[1]!) as { payload: { genericObjects: { id: string }[] } }).payload
        .genericObjects[0]!.id;
    expect(objectOf(after.body.data.url as string)).not.toBe(objectOf(before.body.data.url as string));
  });
  it('shows title and company as the pass title line in both wallets', async () => {
    const card = await createCard({ name: 'Business Card', bio: 'A bio line' });
    await postForm('/v1/user/profile/update', card.token, {
      name: card.name,
      username: card.username,
      job_title: 'Head of Design',
      company: 'Acme',
    });
    const saved = await call('/v1/user/wallet/google', google.env, { token: card.token });
    const payload = base64UrlJson((saved.body.data.url as string).split('/').pop()!.split('.')[1]!) as {
      payload: { genericObjects: { subheader: { defaultValue: { value: string } } }[] };
    };
    expect(payload.payload.genericObjects[0]!.subheader.defaultValue.value).toBe('Head of Design · Acme');
    const pkpass = await call('/v1/user/wallet/apple', apple.env, { token: card.token });
    const pass = JSON.parse(new TextDecoder().decode(unzipSync(pkpass.bytes)['pass.json'])) as {
      generic: { secondaryFields: { value: string }[] };
    };
    expect(pass.generic.secondaryFields[0]!.value).toBe('Head of Design · Acme');
  });
});
