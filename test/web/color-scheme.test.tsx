import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { ThemeSwitch } from '@/components/theme-switch';
import { applyColorScheme } from '@/lib/color-scheme';

// docs/product.md §1: the theme preference (light, dark, system) is stored and applied to the
// page; here as localStorage `theme` and the `dark` class on <html>.

/** The operating system's colour scheme, as the browser reports it through matchMedia. */
function systemScheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      (media === query.media ? query : { matches: false, addEventListener() {}, removeEventListener() {} }) as never,
  );
  return {
    change(next: 'light' | 'dark') {
      dark = next === 'dark';
      act(() => listeners.forEach((listener) => listener({ matches: dark })));
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

async function choose(label: 'Light' | 'Dark' | 'System') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Theme: / }));
  await user.click(await screen.findByRole('menuitemradio', { name: label }));
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.classList.remove('dark');
});

describe('the light / dark / system switch', () => {
  it('stores the choice and applies it to the page at once', async () => {
    systemScheme('light');
    render(
      <AppProvider>
        <ThemeSwitch />
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: 'Theme: System' })).toBeInTheDocument();
    await choose('Dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(isDark()).toBe(true);
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    await choose('Light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(isDark()).toBe(false);
  });

  it('Escape closes the open menu even when something else took the focus', async () => {
    systemScheme('light');
    render(
      <AppProvider>
        <ThemeSwitch />
        <button type="button">Elsewhere</button>
      </AppProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Theme: / }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    // A dialog closing as the menu opens hands the focus back to its own trigger.
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: /^Theme: / })).toHaveFocus();
  });

  it("follows prefers-color-scheme while the choice is 'system', and only then", async () => {
    const system = systemScheme('dark');
    render(
      <AppProvider>
        <ThemeSwitch />
      </AppProvider>,
    );
    await choose('System');
    expect(localStorage.getItem('theme')).toBe('system');
    expect(isDark()).toBe(true);
    system.change('light');
    expect(isDark()).toBe(false);
    system.change('dark');
    expect(isDark()).toBe(true);

    await choose('Light');
    system.change('light');
    system.change('dark');
    expect(isDark()).toBe(false);
  });

  it('applies the stored choice when the app starts', () => {
    systemScheme('light');
    localStorage.setItem('theme', 'dark');
    applyColorScheme();
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });
});
