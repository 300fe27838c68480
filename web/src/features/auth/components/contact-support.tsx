import { Mail, MessageCircle } from 'lucide-react';
import { type SupportContact, useSupportContacts } from '@/lib/support';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';

const t = words('auth');

/** The WhatsApp and e-mail support options an operator configured (SUPPORT_* vars, GET /v1/config). */
export function SupportContacts({ className, quiet = false }: { className?: string; quiet?: boolean }) {
  const contacts = useSupportContacts();
  if (contacts.length === 0) {
    // `quiet` where the surrounding text already says to contact support.
    return quiet ? null : <p className={cn('text-sm', className)}>{t('auth.support_team')}</p>;
  }
  return <ContactList contacts={contacts} className={className} />;
}

function ContactList({ contacts, className }: { contacts: SupportContact[]; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-2', className)}>
      {contacts.map((contact) => (
        <li key={contact.kind}>
          <a
            href={contact.href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonClass('outline', 'sm'), 'bg-white dark:bg-slate-900')}
          >
            {contact.kind === 'whatsapp' ? (
              <MessageCircle className="h-4 w-4" aria-hidden />
            ) : (
              <Mail className="h-4 w-4" aria-hidden />
            )}
            {contact.kind === 'email' ? t('auth.email_support') : contact.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The contact-support hint (docs/product.md §2). Under the sign-in form it shows only when the
 * operator configured a contact, and then names them ('Contact support' with no contact
 * helped nobody). Where an account is known to be pending (the registration form's pending state)
 * it always shows, with the contacts there are.
 */
export function ContactSupportHint({ pending = false }: { pending?: boolean }) {
  const contacts = useSupportContacts();
  if (!pending && contacts.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-300">
      <p>{t('auth.pending_hint')}</p>
      {contacts.length > 0 && <ContactList contacts={contacts} className="mt-2" />}
    </div>
  );
}
