import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '@/lib/cn';

/** The room the fade takes at a cut edge: a tab brought into view clears it. */
const FADE_PX = 40;

type Tab = { id: string; label: string; href: string };

/**
 * The organisation's tabs in one row. On a phone the row is wider than the screen (five tabs at
 * 390 px): the edge where tabs are cut fades, with a chevron, so the row reads as one that
 * scrolls, and the open tab, or one reached with Tab, is scrolled clear of the fade.
 */
export function OrgTabs({ label, tabs, current }: { label: string; tabs: Tab[]; current: string }) {
  const row = useRef<HTMLElement>(null);
  const [cut, setCut] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const nav = row.current;
    if (!nav) return;
    // In a right-to-left page scrollLeft runs from 0 down to negative numbers.
    const scrolled = Math.abs(nav.scrollLeft);
    const room = nav.scrollWidth - nav.clientWidth;
    setCut({ start: scrolled > 1, end: room - scrolled > 1 });
  }, []);

  const reveal = useCallback((item: Element | null | undefined) => {
    const nav = row.current;
    if (!nav || !item) return;
    const box = nav.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.left < box.left + FADE_PX) nav.scrollLeft -= box.left + FADE_PX - at.left;
    else if (at.right > box.right - FADE_PX) nav.scrollLeft += at.right - (box.right - FADE_PX);
  }, []);

  useLayoutEffect(() => {
    reveal(row.current?.querySelector('[aria-current="page"]'));
    measure();
  }, [current, reveal, measure]);

  useEffect(() => {
    const nav = row.current;
    if (!nav) return;
    nav.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(nav);
    return () => {
      nav.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [measure]);

  const fade = 'pointer-events-none absolute top-0 bottom-px flex w-10 items-center text-slate-500 dark:text-slate-400';
  return (
    <div className="relative -mx-4 mb-6 sm:mx-0">
      <nav ref={row} aria-label={label} className="overflow-x-auto px-4 sm:px-0">
        <ul
          className="flex w-max min-w-full gap-1 border-b border-slate-200 dark:border-slate-800"
          onFocus={(event) => reveal(event.target)}
        >
          {tabs.map((item) => (
            <li key={item.id}>
              <NavLink
                to={item.href}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive
                      ? 'border-brand-600 text-brand-700 dark:text-brand-300'
                      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
                  )
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Only a sign: the tabs under it stay reachable by a swipe, a tap and the keyboard. */}
      {cut.start ? (
        <div
          aria-hidden
          data-fade="start"
          className={cn(
            fade,
            'start-0 justify-start bg-gradient-to-r from-white to-transparent ps-1 rtl:bg-gradient-to-l dark:from-slate-950',
          )}
        >
          <ChevronLeft className="h-4 w-4 rtl:rotate-180" />
        </div>
      ) : null}
      {cut.end ? (
        <div
          aria-hidden
          data-fade="end"
          className={cn(
            fade,
            'end-0 justify-end bg-gradient-to-l from-white to-transparent pe-1 rtl:bg-gradient-to-r dark:from-slate-950',
          )}
        >
          <ChevronRight className="h-4 w-4 rtl:rotate-180" />
        </div>
      ) : null}
    </div>
  );
}
