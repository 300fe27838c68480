import type { ReactNode } from 'react';

/** The frame of every auth screen: a heading, a short description and the form. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/30">
      {icon && (
        <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-600/15 dark:text-brand-500">
          {icon}
        </div>
      )}
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      <div className="mt-6">{children}</div>
      {footer && <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
    </div>
  );
}

/**
 * 'Forgot password?', 'Create one', 'Back to sign in': 8px of padding above and below, taken back
 * by the margin, so a thumb's tap area is 36px tall while the line it sits in keeps its height.
 */
export const authLinkClass =
  'inline-block -my-2 py-2 font-medium text-brand-600 hover:text-brand-700 hover:underline dark:text-brand-500';
