import { ClipboardCopy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DEFAULT_SIGNATURE_LAYOUT, type SignatureLayout } from '@shared/signature-layouts';
import { toast } from '@/components/toast';
import { roleLine } from '@shared/card/role-line';
import type { Link, User } from '@shared/types';
import type { OrgTemplate } from '@shared/schemas/org-template';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';
import { useCardTemplate } from '@/lib/org-template-query';
import { copyRich } from '../lib/clipboard';
import { SIGNATURE_LINKS_MAX, signatureHtml, signatureText } from '../lib/signature';
import { SignatureLayoutField } from './signature-layout-field';

const DEFAULT_CHOSEN = 4;
const t = words('share');

type SignatureProps = { origin: string; address?: string; user: User; links: Link[] };

/**
 * The e-mail signature: choose a few links, see it as it will paste, 'Copy signature'. A work
 * card's template may set the layout for every card of its organisation: until it is read, no
 * choice of layout is offered (it may be the organisation's).
 */
export function SignatureCard(props: SignatureProps) {
  const ruled = useCardTemplate();
  if (ruled.status === 'failed')
    return <LoadError message={t('share.template_load_error')} onRetry={ruled.retry} retrying={ruled.retrying} />;
  if (ruled.status === 'loading')
    return (
      <div role="status" aria-busy="true" aria-label={t('share.sig_loading')}>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return <SignatureEditor {...props} template={ruled.template} />;
}

function SignatureEditor({
  origin,
  address,
  user,
  links,
  template,
}: SignatureProps & { template: OrgTemplate | null }) {
  const active = links.filter((link) => link.is_active);
  const [chosen, setChosen] = useState<number[]>(() => active.slice(0, DEFAULT_CHOSEN).map((link) => link.id));
  const fixed = template?.signature_layout ?? null;
  const [own, setOwn] = useState<SignatureLayout>(user.signature_layout ?? DEFAULT_SIGNATURE_LAYOUT);
  const layout = fixed ?? own;
  const input = useMemo(
    () => ({
      origin,
      address,
      name: user.name,
      username: user.username,
      bio: user.bio ?? '',
      role: roleLine(user),
      phone: user.phone ? { e164: user.phone, display: user.phone_display } : null,
      email: user.public_email,
      avatarUrl: user.avatar_url,
      links: active.filter((link) => chosen.includes(link.id)),
      accent: user.custom_theme?.accent_color ?? user.theme?.accent_color,
      logoUrl: user.logo_url,
      layout,
    }),
    [origin, address, user, active, chosen, layout],
  );
  const html = signatureHtml(input);

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id].slice(-SIGNATURE_LINKS_MAX) : current.filter((x) => x !== id)));

  const copy = async () => {
    try {
      await copyRich(html, signatureText(input));
      toast.success(t('share.sig_copied'));
    } catch (error) {
      console.warn('Clipboard write failed', error);
      toast.error(t('share.sig_copy_failed'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.sig_title')}</CardTitle>
        <CardDescription>{t('share.sig_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <SignatureLayoutField layout={layout} setBy={fixed ? (template?.org_name ?? '') : null} onChange={setOwn} />
        {active.length > 0 && (
          <fieldset>
            <legend className="text-sm font-medium">{t('share.sig_links', { max: SIGNATURE_LINKS_MAX })}</legend>
            {/* Rows of 44px, touching: a finger picks the link it means, not the one beside it. */}
            <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
              {active.map((link) => (
                <label key={link.id} className="flex min-h-11 min-w-0 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0"
                    checked={chosen.includes(link.id)}
                    onChange={(event) => toggle(link.id, event.target.checked)}
                  />
                  <span dir="auto" className="truncate">
                    {link.title}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div>
          <p id="signature-preview-label" className="mb-2 text-sm font-medium">
            {t('share.sig_preview')}
          </p>
          {/* The signature as mail programs draw it: always on white, as in most inboxes, and its
              images at their own size (the page's max-width: 100% squashed the round photo to
              36x72 on a phone; a mail program scrolls instead). */}
          <div
            role="region"
            aria-labelledby="signature-preview-label"
            className="overflow-x-auto rounded-md border border-slate-200 bg-white p-4 dark:border-slate-700 [&_img]:max-w-none"
            data-testid="signature-preview"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </div>
        <Button onClick={() => void copy()}>
          <ClipboardCopy className="h-4 w-4" aria-hidden />
          {t('share.sig_copy')}
        </Button>
      </CardContent>
    </Card>
  );
}
