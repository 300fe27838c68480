import { Copy } from 'lucide-react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { words } from '@/lib/i18n';

const t = words('account');

/** The words around a secret shown once: a token's or a webhook's. */
export type SecretWords = { title: string; warning: string; label: string; copied: string };

/** A secret shown this once (a token's, a webhook's signing secret): copy it, then say it is kept. */
export function OneTimeSecret({
  id,
  words: said,
  secret,
  onDone,
}: {
  id: string;
  words: SecretWords;
  secret: string;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(said.copied);
    } catch {
      toast.error(t('account.token_copy_failed'));
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h3 id={`${id}-title`} className="font-semibold" dir="auto">
        {said.title}
      </h3>
      <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
        {said.warning}
      </p>
      <label className="block text-sm font-medium" htmlFor={`${id}-value`}>
        {said.label}
      </label>
      <input
        id={`${id}-value`}
        readOnly
        dir="ltr"
        value={secret}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {t('account.copy_token')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('account.token_saved')}
        </Button>
      </div>
    </section>
  );
}

/** A new token's secret, shown this once. */
export function TokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <OneTimeSecret
      id="token-secret"
      words={{
        title: t('account.token_secret_title', { name }),
        warning: t('account.token_secret_warning'),
        label: t('account.token_secret_label'),
        copied: t('account.token_copied'),
      }}
      secret={secret}
      onDone={onDone}
    />
  );
}
