import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A menu button (WAI-ARIA menu button pattern) for the header's small menus: the trigger opens
 * it with a click, Enter, Space or the arrows; inside, the arrows, Home and End move, Enter and
 * Space choose, Escape closes and returns to the trigger, Tab and a click outside close it.
 * Written out rather than taken from a menu library: the theme switch sits on the landing and
 * sign-in screens, whose first load is budgeted (README, Decisions: budgets).
 */
export function useMenuButton(count: number) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes an open menu wherever the focus is: a dialog closing as the menu opens may
    // hand the focus back to its own trigger after the menu took it.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const last = count - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      items.current[active]?.click();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return {
    open,
    close,
    wrapperProps: { ref: wrapper, className: 'relative' },
    /** `selected`: the item to start on when opened with a click (a radio menu's checked one). */
    triggerProps: (selected = 0) => ({
      ref: trigger,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? setOpen(false) : show(selected)),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        show(event.key === 'ArrowDown' ? 0 : count - 1);
      },
    }),
    menuProps: { id: menuId, role: 'menu' as const, onKeyDown: onMenuKey },
    itemProps: (index: number) => ({
      ref: (element: HTMLElement | null) => {
        items.current[index] = element;
      },
      tabIndex: index === active ? 0 : -1,
      'data-highlighted': index === active ? '' : undefined,
      onPointerMove: () => setActive(index),
    }),
  };
}
