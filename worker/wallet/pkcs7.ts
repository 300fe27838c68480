// The signature of an Apple Wallet pass: a PKCS#7 (CMS) detached SignedData over manifest.json,
// signed with the Pass Type ID certificate's key and carrying that certificate and Apple's WWDR
// intermediate, as Apple's "Building a pass" asks. pkijs builds the ASN.1; WebCrypto signs.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { importSigningKey, pemBody } from './pem';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};

export function parseCertificate(pem: string) {
  const der = pemBody(pem, 'CERTIFICATE');
  if (!der) throw new Error('not a PEM certificate');
  return pkijs.Certificate.fromBER(der);
}

/** DER of a CMS ContentInfo holding a detached SignedData of `content`. */
export async function signDetached(
  content: Uint8Array,
  signer: { certificate: string; privateKey: string; chain: string[] },
  signingTime = new Date(),
): Promise<Uint8Array> {
  const certificate = parseCertificate(signer.certificate);
  const key = await importSigningKey(signer.privateKey);
  const digest = await crypto.subtle.digest('SHA-256', content);
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
        new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] }),
        new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
      ],
    }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    // Detached: the content is manifest.json beside the signature, not inside it.
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [signerInfo],
    certificates: [certificate, ...signer.chain.map(parseCertificate)],
  });
  await signedData.sign(key, 0, 'SHA-256', content);
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}
