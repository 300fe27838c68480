import type { Messages } from '@lingui/core';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as appAr } from '@shared/i18n/compiled/app/ar';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import { Toaster } from '@/components/toaster';
import { setLanguageWords } from '@/lib/i18n';

// Sonner names its region 'Notifications' and its close buttons 'Close toast' in
// English; a screen reader on a Spanish or Arabic dashboard hears the app's language instead.
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
afterEach(() => {
  act(() => toast.dismiss());
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  );
});

describe("the toasts' own labels", () => {
  it.each([
    ['es', appEs, 'Notificaciones', 'Cerrar notificación'],
    ['ar', appAr, 'الإشعارات', 'إغلاق الإشعار'],
  ] as const)('speak %s', async (language, words, region, close) => {
    setLanguageWords(language, [words]);
    render(<Toaster scheme="light" />);
    act(() => void toast.success('¡Listo!'));
    expect(await screen.findByRole('button', { name: close })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: new RegExp(`^${region}`) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close toast' })).toBeNull();
  });
});
