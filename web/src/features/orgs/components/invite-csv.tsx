import { Loader2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@/components/toast';
import { INVITE_CSV_MAX, INVITE_ROWS_MAX } from '@shared/schemas/orgs-bodies';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { CsvPreview } from '../api/keys';
import { useInviteCsv, usePreviewCsv } from '../api/invitations';

const t = words('orgs');

/** Reads the chosen file as text, saying how far it is. */
function readText(file: File, onProgress: (percent: number) => void) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error(t('orgs.csv_unreadable')));
    reader.readAsText(file);
  });
}

/**
 * Invite by a CSV file: the file is checked first (every row's problem, and what sending it would
 * do; nothing is sent), and only a file without problems can then be sent.
 */
export function InviteCsv({ orgId }: { orgId: string }) {
  const preview = usePreviewCsv(orgId);
  const send = useInviteCsv(orgId);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(null);
    setReadError(null);
    preview.reset();
    send.reset();
    if (chosen.size > INVITE_CSV_MAX) return setReadError(t('orgs.csv_too_large'));
    setReading(0);
    try {
      const text = await readText(chosen, setReading);
      setFile({ name: chosen.name, text });
      preview.mutate(text);
    } catch (error) {
      setReadError(errorMessage(error, t('orgs.csv_unreadable')));
    } finally {
      setReading(null);
    }
  };
  const result: CsvPreview | undefined = preview.data?.data;
  const sendable = result && result.problems.length === 0 && result.new > 0;

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('orgs.csv_hint', { max: INVITE_ROWS_MAX })}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => void onChoose(event)}
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={reading !== null || preview.isPending}>
        <Upload className="h-4 w-4" aria-hidden />
        {t('orgs.csv_choose')}
      </Button>
      {reading !== null && (
        <div role="status" className="space-y-1 text-sm">
          <p>{t('orgs.csv_reading')}</p>
          <progress className="w-full" max={100} value={reading} aria-label={t('orgs.csv_reading')} />
        </div>
      )}
      {preview.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          {t('orgs.csv_checking', { name: file?.name ?? '' })}
        </p>
      )}
      {readError && <Alert>{readError}</Alert>}
      {preview.isError && <Alert>{errorMessage(preview.error, t('orgs.csv_check_failed'))}</Alert>}
      {result && file && (
        <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="font-medium">{file.name}</p>
          <p>{t('orgs.csv_summary', { rows: result.rows, fresh: result.new, already: result.already })}</p>
          {result.problems.length > 0 ? (
            <Alert>
              <p className="font-medium">{t('orgs.csv_problems', { count: result.problems.length })}</p>
              <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
                {result.problems.map((row) => (
                  <li key={row.line}>
                    <span className="font-medium">{t('orgs.csv_line', { line: row.line })}</span>
                    {row.email ? <span dir="ltr"> {row.email}</span> : null}: {row.problems.join('; ')}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : result.new === 0 ? (
            <p>{t('orgs.csv_nothing_new')}</p>
          ) : null}
          {send.isError && <Alert>{errorMessage(send.error, t('orgs.invite_failed'))}</Alert>}
          {sendable && (
            <Button
              disabled={send.isPending}
              onClick={() =>
                send.mutate(file.text, {
                  onSuccess: (answer) => {
                    toast.success(t('orgs.invited', { invited: answer.data.invited, already: answer.data.already }));
                    setFile(null);
                    preview.reset();
                  },
                })
              }
              className="w-full sm:w-auto"
            >
              {send.isPending ? t('orgs.inviting') : t('orgs.invite_send', { count: result.new })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
