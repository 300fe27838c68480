import { act, cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { authStore } from '@/lib/auth-store';
import { holdSession } from './api/session';
import { renderRoutes } from './helpers';

const ada = {
  id: 'u1',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  avatar_url: null,
  avatar: null,
} as never;

const renderDashboard = (url = '/dashboard') =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <h1>Overview</h1> },
          { path: '/dashboard/links', element: <h1>Links screen</h1> },
        ],
      },
      { path: '/auth/login', element: <h1>Login screen</h1> },
    ],
    url,
  );

describe('dashboard guard', () => {
  it('sends a visitor without tokens to /auth/login', async () => {
    authStore.clearUser();
    const { router } = renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("shows 'Authenticating...' while auth loads, and gives up after 5 seconds", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    holdSession('access', 'refresh');
    renderDashboard();
    expect(screen.getByText('Authenticating...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Authenticating...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  });

  it('renders the dashboard once the user is known', async () => {
    holdSession('access', 'refresh');
    renderDashboard();
    expect(screen.getByText('Authenticating...')).toBeInTheDocument();
    act(() => authStore.setUser(ada));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });
});

describe('dashboard shell', () => {
  it('lists the sections, links the public profile in a new tab and shows the initials', async () => {
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    renderDashboard();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    for (const label of ['Dashboard', 'Profile', 'Links', 'Themes', 'Templates', 'Statistics', 'Security']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    const publicLink = screen.getByRole('link', { name: /View Public Profile/ });
    expect(publicLink).toHaveAttribute('href', '/p/ada');
    expect(publicLink).toHaveAttribute('target', '_blank');
    // Its name holds the initials it shows (WCAG 2.5.3, axe's label-content-name-mismatch).
    expect(screen.getByRole('button', { name: 'AL Account, open account menu' })).toHaveTextContent('AL');
    // The logo leads to the overview, never to the marketing page with Login and Register.
    for (const logo of screen.getAllByRole('link', { name: 'Cardlink dashboard' })) {
      expect(logo).toHaveAttribute('href', '/dashboard');
    }
    expect(screen.queryByRole('link', { name: 'Cardlink home' })).toBeNull();
  });

  it("shows 'U' without a name", () => {
    holdSession('access', 'refresh');
    authStore.setUser({ ...(ada as object), name: '' } as never);
    renderDashboard();
    expect(screen.getByRole('button', { name: 'U Account, open account menu' })).toHaveTextContent('U');
  });

  it('collapses the sidebar to icons and expands it again', async () => {
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    const { user } = renderDashboard();
    const toggle = screen.getByRole('button', { name: /sidebar/ });
    const startedExpanded = toggle.getAttribute('aria-expanded') === 'true';
    await user.click(toggle);
    expect(screen.getByRole('button', { name: /sidebar/ })).toHaveAttribute('aria-expanded', String(!startedExpanded));
  });

  it('starts collapsed below 1024px and open from 1024px, until the person chooses', () => {
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    const toggle = () => screen.getByRole('button', { name: /sidebar/ });
    // happy-dom's own window answers matchMedia from its viewport (1024x768 unless set).
    const { happyDOM } = window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    };
    try {
      // Below 1024px the sidebar is not drawn at all (the header's button opens the sheet); a window
      // widened past 1024px shows it, collapsed as it started.
      happyDOM.setViewport({ width: 1023, height: 768 });
      renderDashboard();
      expect(screen.queryByRole('button', { name: /sidebar/ })).toBeNull();
      act(() => happyDOM.setViewport({ width: 1024, height: 768 }));
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      cleanup();
      renderDashboard();
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });

  it('keeps the collapsed sidebar across a reload', async () => {
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    const { user } = renderDashboard();
    const toggle = screen.getByRole('button', { name: /sidebar/ });
    if (toggle.getAttribute('aria-expanded') === 'false') await user.click(toggle);
    await user.click(screen.getByRole('button', { name: /sidebar/ }));
    expect(screen.getByRole('button', { name: /sidebar/ })).toHaveAttribute('aria-expanded', 'false');
    cleanup();
    renderDashboard();
    expect(screen.getByRole('button', { name: /sidebar/ })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: /sidebar/ }));
    cleanup();
    renderDashboard();
    expect(screen.getByRole('button', { name: /sidebar/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the navigation sheet and closes it on a route change', async () => {
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(sheet).getByRole('link', { name: 'Links' }));
    expect(await screen.findByRole('heading', { name: 'Links screen' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('offers the colour scheme in the navigation sheet, whose Escape closes the menu and not the sheet', async () => {
    // A phone's header leaves the colour scheme to the sheet, to make room for the card's @username.
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    const scheme = within(sheet).getByRole('button', { name: /^Theme: / });
    await user.click(scheme);
    expect(within(sheet).getByRole('menu', { name: 'Theme' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(sheet).queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeInTheDocument();
    expect(scheme).toHaveFocus();
    await user.click(scheme);
    await user.click(within(sheet).getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(within(sheet).getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it("offers the 'My Account' menu", async () => {
    holdSession('access', 'refresh');
    authStore.setUser(ada);
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: /open account menu/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('My Account')).toBeInTheDocument();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'Links', 'Themes', 'Templates', 'View Public Profile', 'Log out']);
  });
});

describe("the phone's header", () => {
  // Without a layout engine, what a 390 px phone shows is read from the classes that hide an
  // element below the md or sm breakpoint, and from sr-only and aria-hidden.
  const PHONE_HIDDEN = /(^|\s)(max-md:hidden|max-sm:hidden|sr-only|hidden)(\s|$)/;
  const shownOnPhone = (element: Element, within: Element) => {
    for (let node: Element | null = element; node && node !== within; node = node.parentElement)
      if (PHONE_HIDDEN.test(node.getAttribute('class') ?? '') || node.getAttribute('aria-hidden') === 'true')
        return false;
    return true;
  };
  // The words a sighted owner reads on the control, one piece per element.
  const visibleWords = (element: Element): string[] =>
    [...element.childNodes].flatMap((node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ? [node.textContent.trim()] : [];
      return node instanceof Element && shownOnPhone(node, element) ? visibleWords(node) : [];
    });

  it('shows a word on every button, held by its name', async () => {
    holdSession('access', 'refresh');
    // A photo, so the account button's avatar shows no initials of its own.
    authStore.setUser({ ...(ada as object), avatar_url: 'https://example.com/ada.png' } as never);
    renderDashboard();
    const header = await screen.findByRole('banner');
    await screen.findByRole('button', { name: 'Copy link' });
    const controls = [...within(header).getAllByRole('button'), ...within(header).getAllByRole('link')].filter(
      (control) => shownOnPhone(control, header),
    );
    const names = controls.map((control) => control.getAttribute('aria-label') ?? control.textContent ?? '');
    for (const name of ['Open navigation', 'Copy link', 'Show QR code', 'open account menu'])
      expect(names.some((each) => each.endsWith(name))).toBe(true);
    for (const control of controls) {
      const name = (control.getAttribute('aria-label') ?? '').toLowerCase();
      const shown = visibleWords(control);
      // More than the initials on an avatar: a word that says what the button does.
      expect(
        shown.filter((word) => word.length > 2),
        name,
      ).not.toEqual([]);
      for (const word of shown) if (name) expect(name, name).toContain(word.toLowerCase());
    }
  });
});
