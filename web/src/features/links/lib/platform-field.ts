import type { InputHTMLAttributes } from 'react';
import { findPlatform, type Platform } from '@shared/platforms';

type FieldLook = {
  label: string;
  hint?: string;
  type: InputHTMLAttributes<HTMLInputElement>['type'];
  inputMode: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
};

const PHONE_NUMBERS = new Set(['phone', 'whatsapp', 'signal']);

/**
 * What the link's own field is called and which phone keyboard it brings (issue 23): a link to
 * paste for Custom, an address for Website and Email, a number for phone links, else a handle.
 */
export function platformField(platform: Platform | undefined): FieldLook {
  const id = platform?.id ?? 'custom';
  if (id === 'custom')
    return {
      label: 'Link',
      hint: 'Paste any link, email address or phone number: the platform, icon and title fill themselves in.',
      type: 'text',
      inputMode: 'url',
    };
  if (id === 'website') return { label: 'Website address', type: 'url', inputMode: 'url', autoComplete: 'url' };
  if (id === 'email') return { label: 'Email address', type: 'email', inputMode: 'email', autoComplete: 'email' };
  if (PHONE_NUMBERS.has(id)) return { label: 'Phone number', type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
  const idLike = /\bid\b/i.test(platform?.placeholder ?? '');
  return { label: idLike ? 'Username or ID' : 'Username', type: 'text', inputMode: 'text' };
}

/** The title a link gets when none is typed: the platform's name, or the address's host. */
export function defaultTitle(platformId: string, username: string): string {
  const platform = findPlatform(platformId);
  if (platform && platformId !== 'custom' && platformId !== 'website') return platform.name;
  const value = username.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`).hostname.replace(/^www\./, '');
  } catch {
    return value;
  }
}
