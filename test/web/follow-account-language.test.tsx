import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountLanguage } from '@/features/shell/hooks/use-account-language';
import { getCookie, removeCookie } from '@/lib/cookies';

// The dashboard follows the account's language, once per language per tab.
describe("the dashboard follows the account's language", () => {
  afterEach(() => {
    removeCookie('cl_lang');
    sessionStorage.clear();
  });

  it("keeps the account's language for this browser and reloads in it, once", () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { rerender } = renderHook(({ language }) => useAccountLanguage(language), {
      initialProps: { language: 'es' as const },
    });
    expect(getCookie('cl_lang')).toBe('es');
    expect(reload).toHaveBeenCalledTimes(1);
    // A browser that did not keep the cookie comes back still speaking English: no second reload.
    removeCookie('cl_lang');
    rerender({ language: 'es' as const });
    renderHook(() => useAccountLanguage('es'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the account speaks the language the app speaks', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderHook(() => useAccountLanguage('en'));
    renderHook(() => useAccountLanguage(undefined));
    expect(getCookie('cl_lang')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
