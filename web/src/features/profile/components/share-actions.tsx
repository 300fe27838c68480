import { Copy, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { getHref } from '@/config/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { authStore } from '@/lib/auth-store';
import { markShared } from '@/lib/first-run';

/** View Profile (new tab) and Copy URL (site origin plus /p/{username}). */
export function ShareActions({ username }: { username: string }) {
  const href = getHref('publicProfile', { username });
  const url = `${window.location.origin}${href}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      const userId = authStore.get().user?.id;
      if (userId) markShared(userId);
      toast.success('Profile URL copied to clipboard');
    } catch (error) {
      console.warn('Clipboard write failed', error);
      toast.error(`Could not copy the URL. Your profile is at ${url}`);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Card</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs dark:bg-slate-800/60">{url}</p>
        <div className="flex flex-wrap gap-2">
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'sm')}>
            <ExternalLink className="h-4 w-4" aria-hidden />
            View Profile
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden />
            Copy URL
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
