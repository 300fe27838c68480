import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWords, words, type WebArea } from '@/lib/i18n';

const t = words('orgs');

export type OrgTab = {
  /** The address's last part: /dashboard/orgs/{orgId}/{id}. */
  id: string;
  label: () => string;
  /** Shown to the owner and admins only (the API answers a member 403). */
  managers: boolean;
  Screen: LazyExoticComponent<ComponentType<{ orgId: string }>>;
};

/** A tab's code and its words, fetched side by side on its first visit (its own chunk). */
const screen = <M,>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<{ orgId: string }>,
  areas: WebArea[] = [],
) => lazy(() => Promise.all([load(), loadWords(...areas)]).then(([module]) => ({ default: pick(module) })));

/**
 * The organisation's tabs, in the order shown; each is a route of its own. A new tab is one line
 * here (and its label's words): its screen takes the organisation's id.
 */
export const ORG_TABS: OrgTab[] = [
  {
    id: 'members',
    label: () => t('orgs.tab_members'),
    managers: true,
    Screen: screen(
      () => import('./components/members-tab'),
      (module) => module.MembersTab,
    ),
  },
  {
    id: 'template',
    label: () => t('orgs.tab_template'),
    managers: true,
    Screen: screen(
      () => import('./template/template-screen'),
      (module) => module.TemplateScreen,
    ),
  },
  {
    id: 'contacts',
    label: () => t('orgs.tab_contacts'),
    // A member reads the contacts of the work card they hold; managers read every card's.
    managers: false,
    Screen: screen(
      () => import('./contacts/org-contacts-screen'),
      (module) => module.OrgContactsScreen,
      ['stats', 'orgdata'],
    ),
  },
  {
    id: 'analytics',
    label: () => t('orgs.tab_analytics'),
    managers: true,
    Screen: screen(
      () => import('./analytics/org-analytics-screen'),
      (module) => module.OrgAnalyticsScreen,
      ['stats', 'orgdata'],
    ),
  },
  {
    id: 'settings',
    label: () => t('orgs.tab_settings'),
    managers: false,
    Screen: screen(
      () => import('./components/settings-tab'),
      (module) => module.SettingsTab,
    ),
  },
];

/** The tab a role opens first: the first it may see. */
export const firstTab = (manager: boolean) => ORG_TABS.find((tab) => manager || !tab.managers) ?? ORG_TABS[0]!;
