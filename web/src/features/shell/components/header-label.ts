/**
 * The short word under a header button's icon on a phone (dashboard-header.tsx, user-menu.tsx):
 * the owner reads what each button does at a glance, not only a screen reader.
 */
export const PHONE_LABEL = 'text-[11px] leading-none font-medium whitespace-nowrap';
