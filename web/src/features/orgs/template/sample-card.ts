import type { CardData } from '@shared/card/card-view';
import { iconPath } from '@shared/platforms';
import type { OrgTemplate } from '@shared/schemas/org-template';
import type { CustomTheme, Template, Theme } from '@shared/types';
import { words } from '@/lib/i18n';

const t = words('orgs-template');

/**
 * A work card as the template would draw it, for the look's previews: the locked values where it
 * sets them, the organisation's name as the company, and its required links (else two samples).
 */
export function sampleCard(
  template: Pick<OrgTemplate, 'org_name'>,
  values: Partial<Record<string, string>>,
  links: { title: string; url: string }[],
): CardData {
  return {
    name: values.name || t('orgs-template.sample_name'),
    username: 'sample',
    bio: values.bio ?? '',
    avatar_url: null,
    cover_image_url: null,
    contact_exchange: false,
    job_title: values.job_title || t('orgs-template.sample_job_title'),
    company: values.company || template.org_name,
    phone: '',
    phone_display: '',
    public_email: values.public_email ?? '',
    location: values.location ?? '',
    pronouns: '',
    links: (links.length > 0
      ? links.map((link, index) => ({ id: -1 - index, title: link.title, url: link.url, icon: iconPath('website') }))
      : [
          { id: -1, title: t('orgs-template.sample_website'), url: 'https://example.com/', icon: iconPath('website') },
          { id: -2, title: 'LinkedIn', url: 'https://www.linkedin.com/', icon: iconPath('linkedin') },
        ]
    ).filter((link) => link.title),
    custom_theme: null,
    theme: null,
    template: null,
  };
}

/** The same card in a look: a preset, custom colours over it, a layout. */
export const inLook = (
  card: CardData,
  look: { theme?: Theme | null; custom?: CustomTheme | null; layout?: Template | null },
): CardData => ({
  ...card,
  theme: look.theme ?? null,
  custom_theme: look.custom ?? null,
  template: look.layout ?? null,
});
