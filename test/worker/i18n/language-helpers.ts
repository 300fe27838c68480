import type { Language } from '@shared/i18n/languages';
import { api } from '../helpers';
import { postForm } from '../images';

/** Sets a card's language the way the dashboard will: through the profile update. */
export async function setLanguage(user: { token: string; name: string; username: string }, language: Language) {
  const res = await postForm('/v1/user/profile/update', user.token, {
    name: user.name,
    username: user.username,
    language,
  });
  if (res.status !== 200) throw new Error(`profile update failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Sets the account's language (the dashboard's and the e-mails') the way Settings does. */
export async function setAccountLanguage(user: { token: string }, language: Language) {
  const res = await api('/v1/user/language', { method: 'PUT', token: user.token, json: { language } });
  if (res.status !== 200) throw new Error(`language not set: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The words a visitor reads on a card in each language (the catalogues' card.* texts). */
export const CARD_WORDS: Record<Language, { save: string; report: string; poweredBy: string; share: string }> = {
  en: { save: 'Save contact', report: 'Report', poweredBy: 'Powered by', share: 'Share your contact' },
  es: {
    save: 'Guardar contacto',
    report: 'Denunciar',
    poweredBy: 'Con la tecnología de',
    share: 'Compartir tu contacto',
  },
  'pt-BR': { save: 'Salvar contato', report: 'Denunciar', poweredBy: 'Feito com', share: 'Compartilhar seu contato' },
  fr: {
    save: 'Enregistrer le contact',
    report: 'Signaler',
    poweredBy: 'Propulsé par',
    share: 'Partager vos coordonnées',
  },
  de: {
    save: 'Kontakt speichern',
    report: 'Melden',
    poweredBy: 'Bereitgestellt von',
    share: 'Ihre Kontaktdaten teilen',
  },
  ar: { save: 'حفظ جهة الاتصال', report: 'إبلاغ', poweredBy: 'مدعوم من', share: 'شارك بيانات تواصلك' },
};
