import { Building2, Mail, Phone, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Contact } from '@shared/schemas/contacts';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { words } from '@/lib/i18n';

const t = words('stats');

/**
 * The contacts, newest first: what each visitor left, and Delete when `onDelete` is given (an
 * organisation's list has none); `detail` adds a line under each (the card it came through).
 */
export function ContactsList<T extends Contact>({
  contacts,
  onDelete,
  detail,
}: {
  contacts: T[];
  onDelete?: (contact: T) => void;
  detail?: (contact: T) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={t('stats.contacts')}>
      {contacts.map((contact) => (
        <li key={contact.id} className="flex items-start justify-between gap-3 py-4">
          <div className="min-w-0 space-y-1">
            <p className="font-semibold break-words rtl:text-right" dir="auto">
              {contact.name}
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
              {contact.email && (
                <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-1 break-all underline">
                  <Mail className="h-4 w-4 shrink-0" aria-hidden />
                  <span dir="ltr">{contact.email}</span>
                </a>
              )}
              {contact.phone && (
                <a
                  href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}
                  className="inline-flex items-center gap-1 underline"
                >
                  <Phone className="h-4 w-4 shrink-0" aria-hidden />
                  <span dir="ltr">{contact.phone}</span>
                </a>
              )}
              {contact.company && (
                <span className="inline-flex items-center gap-1 break-words">
                  <Building2 className="h-4 w-4 shrink-0" aria-hidden />
                  <bdi>{contact.company}</bdi>
                </span>
              )}
            </div>
            {contact.note && (
              <p className="text-sm whitespace-pre-line break-words text-slate-600 dark:text-slate-400" dir="auto">
                {contact.note}
              </p>
            )}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('stats.shared_on', { date: formatDate(contact.created_at) })}
            </p>
            {detail?.(contact)}
          </div>
          {onDelete && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onDelete(contact)}
              aria-label={t('stats.delete_name', { name: contact.name })}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
