import { useSyncExternalStore } from 'react';

// Light, dark or system (docs/product.md §1): stored, and applied as the `dark` class on <html>.
export type ColorScheme = 'light' | 'dark' | 'system';
const KEY = 'theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

export function getColorScheme(): ColorScheme {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyColorScheme(scheme = getColorScheme()) {
  const dark = scheme === 'dark' || (scheme === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function setColorScheme(scheme: ColorScheme) {
  try {
    localStorage.setItem(KEY, scheme);
  } catch (error) {
    console.warn('Could not store the colour scheme', error);
  }
  applyColorScheme(scheme);
  listeners.forEach((listener) => listener());
}

/** Follows the system setting while the choice is 'system'. */
export function watchSystemScheme() {
  const onChange = () => getColorScheme() === 'system' && applyColorScheme('system');
  media().addEventListener('change', onChange);
  return () => media().removeEventListener('change', onChange);
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getColorScheme,
    () => 'system',
  );
}
