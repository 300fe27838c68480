import { words } from '@/lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogContent } from '@/components/ui/dialog';
import { errorMessage, isAbortError } from '@/lib/api-client';
import { logout, releaseBodyLocks } from '@/lib/auth';

const t = words('app');
const ts = words('shell');

// docs/product.md §9: redirect 50 ms after a successful logout, release page locks 300 ms after closing.
const REDIRECT_DELAY_MS = 50;
const CLEANUP_DELAY_MS = 300;

/**
 * The logout confirmation (docs/product.md §4): closed, open, or logging out. While logging out
 * the confirm button is disabled and reads 'Logging out...'; Cancel stays the one way out
 * and aborts the request (Escape, the overlay and the corner button do nothing then).
 */
export function LogoutDialog({
  open,
  onOpenChange,
  onLeaving,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called on success, before the dialog closes: the shell stays until the redirect 50 ms later. */
  onLeaving?: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const pendingRelease = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Leaving the page (a redirect unmounts the dialog) releases the locks at once, not later.
  useEffect(
    () => () => {
      if (pendingRelease.current === null) return;
      clearTimeout(pendingRelease.current);
      pendingRelease.current = null;
      releaseBodyLocks();
    },
    [],
  );

  const close = () => {
    onOpenChange(false);
    setError(null);
    if (pendingRelease.current !== null) clearTimeout(pendingRelease.current);
    pendingRelease.current = setTimeout(() => {
      pendingRelease.current = null;
      releaseBodyLocks();
    }, CLEANUP_DELAY_MS);
  };

  const confirm = async () => {
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setLoggingOut(true);
    try {
      await logout(current.signal);
      setLoggingOut(false);
      onLeaving?.();
      close();
      setTimeout(() => navigate(paths.login, { replace: true }), REDIRECT_DELAY_MS);
    } catch (caught) {
      setLoggingOut(false);
      if (isAbortError(caught)) {
        close();
        void queryClient.refetchQueries({ type: 'active' });
        return;
      }
      const message = errorMessage(caught, ts('shell.log_out_failed'));
      setError(message);
      toast.error(message);
    } finally {
      controller.current = null;
    }
  };

  const cancel = () => {
    if (loggingOut) controller.current?.abort();
    else close();
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!loggingOut) close();
      }}
    >
      <DialogContent
        title={ts('shell.log_out')}
        description={ts('shell.log_out_question')}
        hideClose={loggingOut}
        onEscapeKeyDown={(event) => loggingOut && event.preventDefault()}
        onPointerDownOutside={(event) => loggingOut && event.preventDefault()}
        onInteractOutside={(event) => loggingOut && event.preventDefault()}
      >
        {error && <Alert className="mb-4">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={cancel}>
            {t('app.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={loggingOut} aria-busy={loggingOut}>
            <LogOut className="h-4 w-4" aria-hidden />
            {loggingOut ? ts('shell.logging_out') : ts('shell.log_out')}
          </Button>
        </div>
      </DialogContent>
    </DialogPrimitive.Root>
  );
}
