import {
  BarChart3,
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

/** The dashboard's sections (docs/product.md §1), in the order the sidebar lists them. */
export const NAV_ITEMS = [
  { label: 'Dashboard', to: paths.dashboard, Icon: LayoutDashboard, end: true },
  { label: 'Profile', to: paths.profile, Icon: UserRound, end: false },
  { label: 'Links', to: paths.links, Icon: Link2, end: false },
  { label: 'Themes', to: paths.themes, Icon: Palette, end: false },
  { label: 'Templates', to: paths.templates, Icon: LayoutTemplate, end: false },
  { label: 'Statistics', to: paths.stats, Icon: BarChart3, end: false },
  { label: 'Share', to: paths.share, Icon: Share2, end: false },
  { label: 'Contacts', to: paths.contacts, Icon: Contact, end: false },
  { label: 'Settings', to: paths.settings, Icon: Settings, end: false },
  { label: 'Security', to: paths.security, Icon: ShieldCheck, end: false },
  { label: 'Your data', to: paths.data, Icon: Database, end: false },
] as const;

/** Shown to operators only. */
export const ADMIN_ITEM = { label: 'Admin console', to: paths.admin, Icon: ShieldAlert, end: false } as const;
