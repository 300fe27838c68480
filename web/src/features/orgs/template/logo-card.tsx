import { LogoUpload } from '@/components/logo-upload';
import { words } from '@/lib/i18n';
import { useOrgTemplate } from '@/lib/org-template-query';
import { useOrgLogo } from './use-org-logo';

const t = words('orgs-template');

/** The Template screen's company logo: every work card shows it, and its QR code in the middle. */
export function LogoCard({ orgId }: { orgId: string }) {
  // The stored template, not the form's draft: an upload is saved at once, apart from Save.
  const template = useOrgTemplate(orgId);
  const logo = useOrgLogo(orgId);
  return (
    <LogoUpload
      id="org-logo"
      stored={template.data?.logo_url ?? null}
      upload={logo}
      hint={t('orgs-template.logo_hint')}
      onFile={(file) => void logo.start(file)}
      onCancel={logo.cancel}
      onRemove={() => logo.remove.mutate()}
      removing={logo.remove.isPending}
    />
  );
}
