import { Mail, MessageCircle } from 'lucide-react';
import { useSupportContacts } from '@/lib/support';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The WhatsApp and e-mail support options an operator configured (SUPPORT_* vars, GET /v1/config). */
export function SupportContacts({ className }: { className?: string }) {
  const contacts = useSupportContacts();
  if (contacts.length === 0) {
    return <p className={cn('text-sm', className)}>Please contact the support team of this service.</p>;
  }
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
            {contact.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The contact-support hint under the sign-in and registration forms (spec section 2). */
export function ContactSupportHint() {
  const contacts = useSupportContacts();
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-300">
      <p>Account pending activation? Contact support to activate it.</p>
      {contacts.length > 0 && <SupportContacts className="mt-2" />}
    </div>
  );
}
