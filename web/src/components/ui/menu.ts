// Shared look of the header's menus (theme switch, account menu; ui/menu-button.ts).
export const menuContentClass =
  'z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100';

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 dark:data-[highlighted]:bg-slate-800';
