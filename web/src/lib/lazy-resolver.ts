import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toast } from '@/components/toast';
import { appLanguage, words } from './i18n';

const t = words('app');

type Loaded<In extends FieldValues, Out> = Resolver<In, unknown, Out>;

/**
 * A form resolver whose code (zod, about 25 KB compressed, and the schema) loads when the form
 * is first used rather than with the screen: a dashboard screen's first load must stay within
 * 200 KB of JavaScript, the form paints and takes input without it, and `preload` (called on the
 * form's first focus) has it ready by the time the form is submitted.
 */
export function lazyResolver<In extends FieldValues, Out>(load: () => Promise<Loaded<In, Out>>) {
  let loading: Promise<Loaded<In, Out>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  const resolver: Loaded<In, Out> = async (values, context, options) => {
    // react-hook-form hands over the form's live values, which go on changing while the code
    // loads: what is checked (and saved) is what the fields held when Save was pressed, not a
    // field caught half-typed a moment later.
    const asPressed = structuredClone(values);
    try {
      const result = await (await get())(asPressed, context, options);
      if (appLanguage() === 'en' || Object.keys(result.errors).length === 0) return result;
      // The shared schemas say English; shown in the app's language (lib/field-errors.ts).
      const { translateFieldErrors } = await import('./field-errors');
      return { values: {}, errors: (await translateFieldErrors(result.errors)) as FieldErrors<In> };
    } catch (error) {
      // The validation chunk could not be fetched (offline): nothing is sent, the user may retry.
      console.error('Could not load the form validation', error);
      toast.error(t('app.unexpected_error'));
      const errors = { root: { type: 'load', message: t('app.validation_unavailable') } } as FieldErrors<In>;
      return { values: {}, errors };
    }
  };
  const preload = () => void get().catch(() => undefined);
  return { resolver, preload };
}
