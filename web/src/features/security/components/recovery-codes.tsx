import { Copy, Download } from 'lucide-react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { words } from '@/lib/i18n';

const t = words('account');

/** The ten recovery codes, shown once: copy them, download them, then say they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${t('account.codes_file')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('account.codes_copied'));
    } catch {
      toast.error(t('account.codes_copy_failed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cardlink-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h3 id="recovery-codes-title" className="font-semibold">
        {t('account.codes_title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('account.codes_description')}</p>
      <ol aria-label={t('account.codes_list')} className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {t('account.copy_codes')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="h-4 w-4" aria-hidden />
          {t('account.download_codes')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('account.codes_saved')}
        </Button>
      </div>
    </section>
  );
}
