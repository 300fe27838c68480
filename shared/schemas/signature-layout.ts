import { z } from 'zod';
import { SIGNATURE_LAYOUT_MESSAGE, SIGNATURE_LAYOUTS } from '../signature-layouts';

/** A layout of the e-mail signature, or null for the standard one (shared/signature-layouts.ts). */
export const signatureLayoutField = z.enum(SIGNATURE_LAYOUTS, { error: SIGNATURE_LAYOUT_MESSAGE }).nullable();

/** PUT /v1/user/profile/signature-layout: the card's own layout of its e-mail signature. */
export const signatureLayoutBody = z.object({ signature_layout: signatureLayoutField }).strict();
export type SignatureLayoutBody = z.output<typeof signatureLayoutBody>;
