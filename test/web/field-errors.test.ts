import type { Messages } from '@lingui/core';
import type { FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { translateFieldErrors } from '@/lib/field-errors';
import { setLanguageWords } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { profileFormResolver } from '@/features/profile/lib/profile-form-schema';

// A form's checks before sending come from the shared schemas, in the spec's English;
// in another language the app shows them in it, as the API would have answered.
const ENGLISH = import.meta.glob<{ messages: Messages }>(
  ['../../shared/i18n/compiled/*/en.ts', '!../../shared/i18n/compiled/areas/*.ts'],
  { eager: true },
);

describe("a form's errors in the app's language", () => {
  afterEach(() =>
    setLanguageWords(
      'en',
      Object.values(ENGLISH).map((module) => module.messages),
    ),
  );

  it('translates the shared schemas English, values and field names included, and nothing else', async () => {
    setLanguageWords('es', []);
    const errors = await translateFieldErrors({
      name: { type: 'too_small', message: 'Name must be at least 2 characters' },
      email: { type: 'invalid', message: 'Please enter a valid email address' },
      links: [{ title: { type: 'invalid_type', message: 'Title must be text' } }],
      other: { type: 'custom', message: 'Something no schema says' },
      // A list's errors are an array of the items' errors (react-hook-form's field arrays).
    } as unknown as FieldErrors);
    expect(errors).toEqual({
      name: { type: 'too_small', message: 'El nombre debe tener al menos 2 caracteres' },
      email: { type: 'invalid', message: 'Introduce una dirección de correo electrónico válida' },
      links: [{ title: { type: 'invalid_type', message: expect.stringContaining('Título') } }],
      other: { type: 'custom', message: 'Something no schema says' },
    });
  });

  it("shows a form's own check in Spanish, through the resolver the forms use", async () => {
    setLanguageWords('es', []);
    const { resolver } = lazyResolver(async () => profileFormResolver);
    const result = await resolver({ name: 'A', username: 'ada', bio: '' } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(result.errors.name?.message).toBe('El nombre debe tener al menos 2 caracteres');
  });

  it('leaves English as the schemas say it', async () => {
    const errors = { name: { type: 'too_small', message: 'Name must be at least 2 characters' } };
    expect(await translateFieldErrors(errors)).toBe(errors);
  });
});
