/**
 * Text that is a plain decimal number (forms send numbers as text) becomes that number; anything
 * else is passed on unchanged for a `z.number()` to refuse. `z.coerce.number()` would instead read
 * null, '', true and [5] as 0, 0, 1 and 5.
 */
export const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
