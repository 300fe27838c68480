import { Lock } from 'lucide-react';
import type { FieldRule, TemplateField } from '@shared/org-template';
import type { OrgTemplate } from '@shared/schemas/org-template';
import { words } from '@/lib/i18n';

// A work card's field under its organisation's template (docs/decisions/0105-org-templates.md):
// what the editor does with each rule. A personal card has no template: every field is its own.

const t = words('profile');

export type FieldRuling = { rule: FieldRule; orgName: string };

/** The rule of one field on the card in view, or null for a personal card. */
export const rulingOf = (template: OrgTemplate | null, field: TemplateField): FieldRuling | null =>
  template ? { rule: template.rules[field], orgName: template.org_name } : null;

/** Under a locked field: the lock and who set it; under a required one: that it is required. */
export function OrgRuleNote({ id, ruling }: { id: string; ruling: FieldRuling | null }) {
  if (ruling?.rule === 'locked')
    return (
      <p id={id} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        <Lock className="me-1 inline h-3 w-3" aria-hidden />
        {t('profile.org_locked', { organisation: ruling.orgName })}
      </p>
    );
  if (ruling?.rule === 'required')
    return (
      <p id={id} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('profile.org_required', { organisation: ruling.orgName })}
      </p>
    );
  return null;
}
