import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import type { DataResponse } from '@shared/types';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api, errorMessage } from '@/lib/api-client';
import { useCards } from '@/lib/cards-query';
import { words } from '@/lib/i18n';
import { downloadExport } from '../api/account-data';
import { DeleteAccountDialog } from './delete-account-dialog';

const t = words('account');

/** Whether the authenticator-app factor is on (the same overview the Security section reads). */
const useTotpEnabled = () =>
  useQuery({
    queryKey: ['security'] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<{ totp_enabled: boolean }>>('/v1/user/security', signal).then((b) => b.data),
    select: (data) => data.totp_enabled,
  });

/** Your data: take everything with you (export), or leave (delete the account). */
export function DataScreen() {
  // An account may hold several cards: the words count them (one until the list is here).
  const cards = useCards().data?.cards;
  const count = cards?.length || 1;
  // Work cards are their organisations' (docs/product.md, Organisations): both cards say so.
  const work = (cards ?? [])
    .filter((card) => card.org_id)
    .map((card) => `@${card.username}`)
    .join(', ');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('account.data_title')} subtitle={t('account.data_subtitle', { count })} />
      {/* Side by side on a wide screen, rather than a narrow column in the middle of it. */}
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <ExportCard work={work !== ''} />
        <DeleteCard count={count} work={work} />
      </div>
    </div>
  );
}

function ExportCard({ work }: { work: boolean }) {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const name = await downloadExport();
      toast.success(t('account.downloaded', { name }));
    } catch (error) {
      toast.error(errorMessage(error, t('account.export_failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.export_title')}</CardTitle>
        <CardDescription>{t('account.export_description')}</CardDescription>
        {work && <CardDescription>{t('account.export_work_cards')}</CardDescription>}
      </CardHeader>
      <CardContent>
        <Button onClick={() => void onExport()} disabled={busy}>
          <Download className="me-2 h-4 w-4" aria-hidden />
          {busy ? t('account.preparing') : t('account.download_data')}
        </Button>
      </CardContent>
    </Card>
  );
}

function DeleteCard({ count, work }: { count: number; work: string }) {
  const totp = useTotpEnabled();
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200 dark:border-red-900">
      <CardHeader>
        <CardTitle>{t('account.delete_title')}</CardTitle>
        <CardDescription>{t('account.delete_description', { count })}</CardDescription>
        {work && <CardDescription>{t('account.delete_work_cards', { cards: work })}</CardDescription>}
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 className="me-2 h-4 w-4" aria-hidden />
          {t('account.delete_account')}
        </Button>
        <DeleteAccountDialog open={open} onOpenChange={setOpen} needsCode={totp.data === true} />
      </CardContent>
    </Card>
  );
}
