import { words } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { useEffect } from 'react';
import { Dialog, DialogContent, preloadDialog } from '@/components/ui/lazy-dialog';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { cn } from '@/lib/cn';

const t = words('shell');

type SaveBarProps = {
  /** The form has edits that are not saved. */
  dirty: boolean;
  saving: boolean;
  /** The save button's words, e.g. 'Save Profile'. */
  saveLabel: string;
  onDiscard: () => void;
  /** The form the save button submits; without it, `onSave` runs. */
  form?: string;
  onSave?: () => void;
  /** Why the last save failed, said in the bar itself (where a toast would cover it) until the next. */
  error?: string;
  className?: string;
};

/**
 * The bar that holds Save and Discard while a form has unsaved edits. Sticky to the bottom of
 * the screen, but in the page's flow: it takes its own room below the form, so it never hides
 * what is under it. Leaving the screen with unsaved edits asks first.
 */
export function SaveBar({ dirty, saving, saveLabel, onDiscard, form, onSave, error, className }: SaveBarProps) {
  const blocker = useLeaveGuard(dirty && !saving);
  // The question's code arrives with the first edit, so it shows at once when asked.
  useEffect(() => {
    if (dirty) preloadDialog();
  }, [dirty]);
  return (
    <>
      {(dirty || saving) && (
        <div
          role="region"
          // The toaster lifts itself above the bar (styles/index.css), whatever language names it.
          data-save-bar
          aria-label={t('shell.unsaved_changes')}
          className={cn(
            'sticky bottom-0 z-30 -mx-1 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-slate-800 dark:bg-slate-900/95',
            className,
          )}
        >
          {error && !saving ? (
            <p role="alert" className="min-w-0 text-sm font-medium text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : (
            <p className="text-sm font-medium">{saving ? t('shell.saving_changes') : t('shell.have_unsaved')}</p>
          )}
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onDiscard} disabled={saving}>
              {t('shell.discard')}
            </Button>
            <Button type={form ? 'submit' : 'button'} form={form} onClick={form ? undefined : onSave} disabled={saving}>
              {saving ? t('shell.saving') : saveLabel}
            </Button>
          </div>
        </div>
      )}
      <Dialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent title={t('shell.leave_question')} description={t('shell.leave_description')}>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              {t('shell.stay')}
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed?.()}>
              {t('shell.leave')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
