import type { InputHTMLAttributes } from 'react';
import { findPlatform, type Platform } from '@shared/platforms';
import { words } from '@/lib/i18n';
import { platformName } from './platform-words';

const t = words('links');

type FieldLook = {
  label: string;
  hint?: string;
  type: InputHTMLAttributes<HTMLInputElement>['type'];
  inputMode: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
};

const PHONE_NUMBERS = new Set(['phone', 'whatsapp', 'signal']);

/**
 * What the link's own field is called and which phone keyboard it brings (docs/product.md §2, Links): a link to
 * paste for Custom, an address for Website and Email, a number for phone links, else a handle.
 */
export function platformField(platform: Platform | undefined): FieldLook {
  const id = platform?.id ?? 'custom';
  if (id === 'custom')
    return {
      label: t('links.field_link'),
      hint: t('links.field_link_hint'),
      type: 'text',
      inputMode: 'url',
    };
  if (id === 'website') return { label: t('links.field_website'), type: 'url', inputMode: 'url', autoComplete: 'url' };
  if (id === 'email')
    return { label: t('links.field_email'), type: 'email', inputMode: 'email', autoComplete: 'email' };
  if (PHONE_NUMBERS.has(id))
    return { label: t('links.field_phone'), type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
  const idLike = /\bid\b/i.test(platform?.placeholder ?? '');
  return { label: t(idLike ? 'links.field_username_id' : 'links.field_username'), type: 'text', inputMode: 'text' };
}

/** The title a link gets when none is typed: the platform's name (an e-mail link is 'Correo electrónico' in Spanish), or the address's host. */
export function defaultTitle(platformId: string, username: string): string {
  const platform = findPlatform(platformId);
  if (platform && platformId !== 'custom' && platformId !== 'website') return platformName(platform);
  const value = username.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`).hostname.replace(/^www\./, '');
  } catch {
    return value;
  }
}
