import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@shared/constants';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';

const t = words('signin');

type Props = {
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
};

/**
 * Six single-character boxes (docs/product.md §2, /auth/verify-otp): the first is focused on
 * mount, typing moves on, Backspace on an empty box goes back, and pasting the whole code
 * fills every box. The form validates the joined value, so a stray letter is reported
 * ('OTP must contain only digits') rather than silently dropped.
 */
export function OtpInput({ onChange, invalid, describedBy, disabled }: Props) {
  const [chars, setChars] = useState<string[]>(() => Array<string>(OTP_LENGTH).fill(''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => boxes.current[0]?.focus(), []);

  const commit = (next: string[]) => {
    setChars(next);
    onChange(next.join(''));
  };
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const onInput = (index: number, raw: string) => {
    const char = raw.replace(/\s/g, '').slice(-1);
    const next = [...chars];
    next[index] = char;
    commit(next);
    if (char && index < OTP_LENGTH - 1) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !chars[index] && index > 0) {
      event.preventDefault();
      const next = [...chars];
      next[index - 1] = '';
      commit(next);
      focusBox(index - 1);
    } else if (event.key.length === 1 && event.key === chars[index] && !event.ctrlKey && !event.metaKey) {
      // Retyping the digit a box already holds changes nothing, so no change event would move on.
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\s/g, '');
    if (!pasted) return;
    event.preventDefault();
    // A full code fills every box; a shorter piece fills from the box it was pasted into.
    const start = pasted.length >= OTP_LENGTH ? 0 : index;
    const next = [...chars];
    for (let i = 0; i < pasted.length && start + i < OTP_LENGTH; i++) next[start + i] = pasted[i]!;
    commit(next);
    focusBox(Math.min(start + pasted.length, OTP_LENGTH - 1));
  };

  return (
    // A code reads left to right in every language, so the boxes and the arrow keys do too.
    <div
      role="group"
      aria-label={t('signin.otp_group')}
      aria-describedby={describedBy}
      dir="ltr"
      className="flex gap-2 sm:gap-3"
    >
      {chars.map((char, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={char}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('signin.otp_digit', { index: index + 1, count: OTP_LENGTH })}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          className={cn(
            'h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-14 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
            invalid && 'border-red-500 dark:border-red-500',
          )}
        />
      ))}
    </div>
  );
}
