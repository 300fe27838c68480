import { Download, Search, UsersRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from '@/components/toast';
import type { OrgContact } from '@shared/schemas/org-data';
import { directionOf } from '@shared/i18n/languages';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ContactsList } from '@/features/contacts/components/contacts-list';
import { errorMessage } from '@/lib/api-client';
import { appLanguage, words } from '@/lib/i18n';
import { downloadOrgContacts, useOrgContacts } from './api';

const t = words('stats');
const o = words('orgdata');

/**
 * A username or an address inside a right-to-left sentence, kept reading left to right (Unicode
 * isolates): bare, Arabic's order would move its '@' to the far end.
 */
const ltr = (text: string) => (directionOf(appLanguage()) === 'rtl' ? `\u2066${text}\u2069` : text);

/** Which work card a contact came through, and who holds that card now. */
const through = (contact: OrgContact) => (
  <p className="text-xs text-slate-600 dark:text-slate-400">
    {contact.member
      ? o('orgdata.through', { card: ltr(`@${contact.card.username}`), member: ltr(contact.member.email) })
      : o('orgdata.through_unheld', { card: ltr(`@${contact.card.username}`) })}
  </p>
);

/**
 * The organisation's contacts (docs/product.md, Organisations): the owner and admins see every
 * work card's, a member those of the card they hold; searchable and exportable, never deleted
 * here (they are the organisation's record). The phone first: one column, the exports on top.
 */
export function OrgContactsScreen({ orgId }: { orgId: string }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const contacts = useOrgContacts(orgId, q);

  const exportAs = async (kind: 'csv' | 'vcf') => {
    try {
      await downloadOrgContacts(orgId, kind);
    } catch (error) {
      toast.error(errorMessage(error, o('orgdata.download_failed')));
    }
  };
  const total = contacts.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('stats.contacts')}
        subtitle={contacts.data?.scope === 'own' ? o('orgdata.contacts_own') : o('orgdata.contacts_all')}
        actions={
          total > 0 ? (
            <>
              <Button variant="outline" size="sm" onClick={() => void exportAs('csv')}>
                <Download className="h-4 w-4" aria-hidden />
                {t('stats.download_csv')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => void exportAs('vcf')}>
                <Download className="h-4 w-4" aria-hidden />
                {t('stats.download_vcard')}
              </Button>
            </>
          ) : null
        }
      />
      {contacts.isError && !contacts.data ? (
        <LoadError
          message={t('stats.contacts_error', { message: contacts.error.message || t('stats.unknown_error') })}
          onRetry={() => void contacts.refetch()}
          retrying={contacts.isFetching}
        />
      ) : !contacts.data ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label={t('stats.loading_contacts')}>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>{t('stats.contact_count', { count: total })}</CardTitle>
          </CardHeader>
          <CardContent>
            {total === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center">
                <UsersRound className="h-10 w-10 text-slate-400" aria-hidden />
                <p className="font-medium">{t('stats.no_contacts')}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">{o('orgdata.no_contacts_text')}</p>
              </div>
            ) : (
              <>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
                    aria-hidden
                  />
                  <Input
                    type="search"
                    aria-label={t('stats.search')}
                    placeholder={t('stats.search')}
                    className="ps-9"
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                  />
                </div>
                {contacts.data.contacts.length === 0 ? (
                  <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('stats.no_match')}</p>
                ) : (
                  <ContactsList contacts={contacts.data.contacts} detail={through} />
                )}
              </>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
