// Throwaway signing material for the wallet tests, made inside the test with WebCrypto and pkijs:
// a root CA, an intermediate standing in for Apple's WWDR, a pass certificate issued by it, and
// an RSA key standing in for a Google service account's.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const;

const DAY = 24 * 60 * 60 * 1000;

function pem(label: string, der: ArrayBuffer) {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(der)));
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

const keyPair = () => crypto.subtle.generateKey(RSA, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

let serial = 1;

async function certificate(
  commonName: string,
  keys: CryptoKeyPair,
  options: { ca: boolean; issuer?: { certificate: pkijs.Certificate; keys: CryptoKeyPair } },
) {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: serial++ });
  cert.subject.typesAndValues.push(
    new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName }) }),
  );
  cert.issuer = options.issuer ? options.issuer.certificate.subject : cert.subject;
  cert.notBefore.value = new Date(Date.now() - DAY);
  cert.notAfter.value = new Date(Date.now() + 365 * DAY);
  const constraints = new pkijs.BasicConstraints({ cA: options.ca });
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: constraints.toSchema().toBER(false),
      parsedValue: constraints,
    }),
  ];
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  await cert.sign((options.issuer?.keys ?? keys).privateKey, 'SHA-256');
  return cert;
}

export const certificatePem = (cert: pkijs.Certificate) => pem('CERTIFICATE', cert.toSchema().toBER(false));
const privateKeyPem = async (key: CryptoKey) =>
  pem('PRIVATE KEY', (await crypto.subtle.exportKey('pkcs8', key)) as ArrayBuffer);

/** A CA, a WWDR-like intermediate and a pass certificate, with the secrets the Worker reads. */
export async function appleTestCredentials() {
  const rootKeys = await keyPair();
  const root = await certificate('Test Root CA', rootKeys, { ca: true });
  const wwdrKeys = await keyPair();
  const wwdr = await certificate('Test WWDR', wwdrKeys, { ca: true, issuer: { certificate: root, keys: rootKeys } });
  const passKeys = await keyPair();
  const pass = await certificate('Pass Type ID: pass.test.cardlink', passKeys, {
    ca: false,
    issuer: { certificate: wwdr, keys: wwdrKeys },
  });
  return {
    root,
    wwdr,
    pass,
    env: {
      APPLE_PASS_TYPE_ID: 'pass.test.cardlink',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_PASS_CERT: certificatePem(pass),
      APPLE_PASS_KEY: await privateKeyPem(passKeys.privateKey),
      APPLE_WWDR_CERT: certificatePem(wwdr),
    },
  };
}

/** An RSA key pair standing in for a Google service account, with the secrets the Worker reads. */
export async function googleTestCredentials() {
  const keys = await keyPair();
  const pkcs8 = await privateKeyPem(keys.privateKey);
  return {
    publicKey: keys.publicKey,
    env: {
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@cardlink-test.iam.gserviceaccount.com',
      // As pasted from the service account's JSON key: line breaks written as \n.
      GOOGLE_WALLET_PRIVATE_KEY: pkcs8.replace(/\n/g, '\\n'),
    },
  };
}
