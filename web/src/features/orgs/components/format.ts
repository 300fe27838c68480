import { appLanguage } from '@/lib/i18n';

/** A date and time in the app's language. */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(appLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
