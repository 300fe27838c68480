import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { markShared } from '@/lib/first-run';
import { words } from '@/lib/i18n';
import { useCardId } from '@/lib/use-card-in-view';
import { copyText } from '../lib/clipboard';

const t = words('share');

/** Copies `text`; says so in a toast and, for a moment, on the button itself. */
export function CopyButton({ text, label, toastText }: { text: string; label: string; toastText: string }) {
  const [done, setDone] = useState(false);
  const cardId = useCardId();
  const copy = async () => {
    if (await copyText(text)) {
      if (cardId) markShared(cardId);
      toast.success(toastText);
      setDone(true);
      setTimeout(() => setDone(false), 2000);
    } else {
      toast.error(t('share.copy_failed', { url: text }));
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
      {done ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {t('share.copy')}
    </Button>
  );
}
