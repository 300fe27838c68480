// How a pending-activation account reaches the provider (docs/product.md §2, /auth/login): the
// dialog shows the two channels, but their values are the operator's: an operator sets them at run time (wrangler.toml
// [vars], read through GET /v1/config), and a channel that is not configured is not offered
// rather than invented.
import { useEffect, useState } from 'react';
import type { PublicConfig } from '@shared/types';
import { getData } from './api-client';
import { words } from './i18n';

const t = words('app');

export type SupportContact = { kind: 'whatsapp' | 'email'; label: string; href: string };

const isConfig = (data: unknown): data is PublicConfig =>
  typeof data === 'object' && data !== null && typeof (data as PublicConfig).support === 'object';

// Read once per page load and shared by every screen that shows the contacts. Without the query
// library: the sign-in screens, where the contacts show, load without it (README, Decisions:
// budgets). A failed read is forgotten, so the next screen asks again.
let configRead: Promise<PublicConfig | null> | null = null;
const readConfig = () =>
  (configRead ??= getData('/v1/config', 'Failed to load the configuration', isConfig).catch(() => {
    configRead = null;
    return null;
  }));

/** Forgets the configuration read so far (tests start each case from a fresh page). */
export const forgetPublicConfig = () => {
  configRead = null;
};

export function supportContacts(support: PublicConfig['support'] | undefined): SupportContact[] {
  const contacts: SupportContact[] = [];
  const whatsapp = support?.whatsapp?.replace(/\D/g, '');
  if (whatsapp) contacts.push({ kind: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/${whatsapp}` });
  const email = support?.email?.trim();
  if (email) contacts.push({ kind: 'email', label: t('app.email_support'), href: `mailto:${email}` });
  return contacts;
}

/** The configured contacts (none while loading or when the configuration cannot be read). */
export function useSupportContacts(): SupportContact[] {
  const [support, setSupport] = useState<PublicConfig['support']>();
  useEffect(() => {
    let current = true;
    void readConfig().then((config) => current && setSupport(config?.support));
    return () => {
      current = false;
    };
  }, []);
  return supportContacts(support);
}

export const isPendingActivation = (message: string | null | undefined) =>
  Boolean(message && message.toLowerCase().includes('pending activation'));

/** Sign-in refused because an operator deactivated the account (not a sign-up waiting). */
export const isDeactivated = (message: string | null | undefined) =>
  Boolean(message && message.toLowerCase().includes('has been deactivated'));
