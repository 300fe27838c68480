import { Button } from '@/components/ui/button';
import { useEffect } from 'react';
import { Dialog, DialogContent, preloadDialog } from '@/components/ui/lazy-dialog';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { cn } from '@/lib/cn';

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
  className?: string;
};

/**
 * The bar that holds Save and Discard while a form has unsaved edits. Sticky to the bottom of
 * the screen, but in the page's flow: it takes its own room below the form, so it never hides
 * what is under it. Leaving the screen with unsaved edits asks first.
 */
export function SaveBar({ dirty, saving, saveLabel, onDiscard, form, onSave, className }: SaveBarProps) {
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
          aria-label="Unsaved changes"
          className={cn(
            'sticky bottom-0 z-30 -mx-1 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-slate-800 dark:bg-slate-900/95',
            className,
          )}
        >
          <p className="text-sm font-medium">{saving ? 'Saving your changes...' : 'You have unsaved changes'}</p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onDiscard} disabled={saving}>
              Discard
            </Button>
            <Button type={form ? 'submit' : 'button'} form={form} onClick={form ? undefined : onSave} disabled={saving}>
              {saving ? 'Saving...' : saveLabel}
            </Button>
          </div>
        </div>
      )}
      <Dialog open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent
          title="Leave without saving?"
          description="Your changes on this screen have not been saved. If you leave now, they are lost."
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
