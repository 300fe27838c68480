import { Download, Search, UsersRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from '@/components/toast';
import type { Contact } from '@shared/schemas/contacts';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useMarkContactsSeen } from '@/lib/new-contacts';
import { downloadContacts, useContacts } from '../api/contacts';
import { ContactSettingsCard } from './contact-settings-card';
import { ContactsList } from './contacts-list';
import { DeleteContactDialog } from './delete-contact-dialog';

const t = words('stats');

/** Contacts: what visitors shared through the card, searchable, deletable, exportable. */
export function ContactsScreen() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const contacts = useContacts(q);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  // Opening Contacts is the visit the overview's 'new contacts' counts from.
  useMarkContactsSeen();

  const exportAs = async (kind: 'csv' | 'vcf') => {
    try {
      await downloadContacts(kind);
    } catch (error) {
      toast.error(errorMessage(error, t('stats.download_failed')));
    }
  };
  const total = contacts.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('stats.contacts')}
        subtitle={t('stats.contacts_text')}
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
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        // On a wide screen the list takes the room and the settings sit beside it; on a phone the
        // settings come first, as the switch that lets contacts in.
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] xl:items-start">
          <div className="min-w-0 xl:col-start-2 xl:row-start-1">
            <SectionErrorBoundary name="contact exchange settings">
              <ContactSettingsCard data={contacts.data} />
            </SectionErrorBoundary>
          </div>
          <Card className="min-w-0 xl:col-start-1 xl:row-start-1">
            <CardHeader>
              <CardTitle>{t('stats.contact_count', { count: total })}</CardTitle>
            </CardHeader>
            <CardContent>
              {total === 0 ? (
                <div className="flex flex-col items-center gap-2 py-8 text-center">
                  <UsersRound className="h-10 w-10 text-slate-400" aria-hidden />
                  <p className="font-medium">{t('stats.no_contacts')}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {contacts.data.contact_exchange ? t('stats.no_contacts_on') : t('stats.no_contacts_off')}
                  </p>
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
                    <ContactsList contacts={contacts.data.contacts} onDelete={setDeleting} />
                  )}
                </>
              )}
            </CardContent>
          </Card>
        </div>
      )}
      <DeleteContactDialog contact={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
