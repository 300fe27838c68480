// How a pending-activation account reaches the provider (spec section 2, /auth/login). The spec
// shows the two channels but not their values: an operator sets them at run time (wrangler.toml
// [vars], read through GET /v1/config), and a channel that is not configured is not offered
// rather than invented.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/types';
import { getData } from './api-client';

export type SupportContact = { kind: 'whatsapp' | 'email'; label: string; href: string };

const isConfig = (data: unknown): data is PublicConfig =>
  typeof data === 'object' && data !== null && typeof (data as PublicConfig).support === 'object';

export const publicConfigQueryOptions = () =>
  queryOptions<PublicConfig>({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getData('/v1/config', 'Failed to load the configuration', isConfig, signal),
    staleTime: 5 * 60_000,
    // The contacts are a courtesy: without them the dialog still says what to do.
    retry: 1,
  });

export function supportContacts(support: PublicConfig['support'] | undefined): SupportContact[] {
  const contacts: SupportContact[] = [];
  const whatsapp = support?.whatsapp?.replace(/\D/g, '');
  if (whatsapp) contacts.push({ kind: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/${whatsapp}` });
  const email = support?.email?.trim();
  if (email) contacts.push({ kind: 'email', label: 'Email support', href: `mailto:${email}` });
  return contacts;
}

/** The configured contacts (none while loading or when the configuration cannot be read). */
export const useSupportContacts = () => supportContacts(useQuery(publicConfigQueryOptions()).data?.support);

export const isPendingActivation = (message: string | null | undefined) =>
  Boolean(message && message.toLowerCase().includes('pending activation'));
