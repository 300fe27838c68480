import { Lock } from 'lucide-react';
import { toast } from '@/components/toast';
import type { ShareKey } from '@shared/i18n/compiled/keys';
import { SIGNATURE_LAYOUTS, type SignatureLayout } from '@shared/signature-layouts';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useSaveSignatureLayout } from '../api/signature-layout';

const t = words('share');

export const LAYOUT_WORDS: Record<SignatureLayout, ShareKey> = {
  standard: 'share.sig_layout_standard',
  compact: 'share.sig_layout_compact',
  banner: 'share.sig_layout_banner',
};

/**
 * The signature's layout, saved on the card as it is chosen; on a work card whose template sets
 * one, shown fixed with who set it (docs/product.md §2, Share).
 */
export function SignatureLayoutField({
  layout,
  setBy,
  onChange,
}: {
  layout: SignatureLayout;
  /** The organisation whose template sets the layout, or null when the card chooses. */
  setBy: string | null;
  onChange: (layout: SignatureLayout) => void;
}) {
  const save = useSaveSignatureLayout();
  if (setBy !== null)
    return (
      <div>
        <p className="text-sm font-medium">{t('share.sig_layout')}</p>
        <p className="mt-1 text-sm" data-testid="signature-layout-fixed">
          {t(LAYOUT_WORDS[layout])}
        </p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          <Lock className="me-1 inline h-3 w-3" aria-hidden />
          {t('share.sig_layout_set_by', { organisation: setBy })}
        </p>
      </div>
    );
  const choose = async (next: SignatureLayout) => {
    const before = layout;
    onChange(next);
    try {
      await save.mutateAsync(next);
    } catch (error) {
      onChange(before);
      toast.error(errorMessage(error, t('share.sig_layout_failed')));
    }
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium">{t('share.sig_layout')}</legend>
      {/* One choice a line on a phone: wrapped in a row, two shared the first line and the third
          sat alone under them, in an order that changed with each language's lengths. */}
      <div className="mt-1 flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-4">
        {SIGNATURE_LAYOUTS.map((each) => (
          <label key={each} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="signature-layout"
              className="h-4 w-4"
              value={each}
              checked={layout === each}
              disabled={save.isPending}
              onChange={() => void choose(each)}
            />
            {t(LAYOUT_WORDS[each])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
