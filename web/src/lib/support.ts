// How a pending-activation account reaches the provider (spec section 2, /auth/login). The
// spec shows the two channels but not their values, so an operator configures them at build
// time; a channel that is not configured is not offered rather than invented.
export type SupportContact = { kind: 'whatsapp' | 'email'; label: string; href: string };

export function supportContacts(
  env: { VITE_SUPPORT_WHATSAPP?: string; VITE_SUPPORT_EMAIL?: string } = import.meta.env,
): SupportContact[] {
  const contacts: SupportContact[] = [];
  const whatsapp = env.VITE_SUPPORT_WHATSAPP?.replace(/\D/g, '');
  if (whatsapp) contacts.push({ kind: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/${whatsapp}` });
  const email = env.VITE_SUPPORT_EMAIL?.trim();
  if (email) contacts.push({ kind: 'email', label: 'Email support', href: `mailto:${email}` });
  return contacts;
}

export const isPendingActivation = (message: string | null | undefined) =>
  Boolean(message && message.toLowerCase().includes('pending activation'));
