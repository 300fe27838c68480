import { words } from '@/lib/i18n';
import {
  BarChart3,
  Building2,
  Contact,
  Database,
  LayoutDashboard,
  LayoutTemplate,
  Link2,
  Palette,
  Settings,
  Share2,
  ShieldAlert,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { paths } from '@/config/paths';

const t = words('shell');

/** The dashboard's sections (docs/product.md §1), in the order the sidebar lists them; each label in the app's language. */
export const NAV_ITEMS = [
  { label: () => t('shell.nav_dashboard'), to: paths.dashboard, Icon: LayoutDashboard, end: true },
  { label: () => t('shell.nav_profile'), to: paths.profile, Icon: UserRound, end: false },
  { label: () => t('shell.nav_links'), to: paths.links, Icon: Link2, end: false },
  { label: () => t('shell.nav_themes'), to: paths.themes, Icon: Palette, end: false },
  { label: () => t('shell.nav_templates'), to: paths.templates, Icon: LayoutTemplate, end: false },
  { label: () => t('shell.nav_statistics'), to: paths.stats, Icon: BarChart3, end: false },
  { label: () => t('shell.nav_share'), to: paths.share, Icon: Share2, end: false },
  { label: () => t('shell.nav_contacts'), to: paths.contacts, Icon: Contact, end: false },
  { label: () => t('shell.nav_orgs'), to: paths.orgs, Icon: Building2, end: false },
  { label: () => t('shell.nav_settings'), to: paths.settings, Icon: Settings, end: false },
  { label: () => t('shell.nav_security'), to: paths.security, Icon: ShieldCheck, end: false },
  { label: () => t('shell.nav_data'), to: paths.data, Icon: Database, end: false },
] as const;

/** Shown to operators only. */
export const ADMIN_ITEM = {
  label: () => t('shell.nav_admin'),
  to: paths.admin,
  Icon: ShieldAlert,
  end: false,
} as const;
