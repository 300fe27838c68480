import { z } from 'zod';
import { PHONE_MESSAGE, phoneShapeField } from './business-card';

/**
 * As typed ('+44 20 7946 0958'), stored in E.164 ('+442079460958'); empty clears it. Checked by
 * libphonenumber-js, imported on the first phone checked (phone.ts), so the schema is parsed
 * asynchronously (worker/lib/validate.ts).
 */
export const phoneField = phoneShapeField.transform(async (value, ctx) => {
  if (value === '') return '';
  const { toE164 } = await import('./phone');
  const e164 = toE164(value);
  if (e164) return e164;
  ctx.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: value });
  return z.NEVER;
});
