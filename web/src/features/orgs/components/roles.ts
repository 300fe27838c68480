import type { OrgRole } from '@shared/schemas/orgs-bodies';
import { words } from '@/lib/i18n';

const t = words('orgs');

export const roleLabel = (role: OrgRole) =>
  role === 'owner' ? t('orgs.role_owner') : role === 'admin' ? t('orgs.role_admin') : t('orgs.role_member');
