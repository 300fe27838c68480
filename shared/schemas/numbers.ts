/**
 * Text that is a plain decimal number (forms send numbers as text) becomes that number; anything
 * else is passed on unchanged for a `z.number()` to refuse. `z.coerce.number()` would instead read
 * null, '', true and [5] as 0, 0, 1 and 5.
 */
export const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/**
 * A path id: only plain decimal digits become a number. `z.coerce.number()` would also read
 * '0x10', '1e1', '07' and ' 7' as ids, so one link would answer under many addresses.
 */
export const decimalId = (value: unknown) =>
  typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
