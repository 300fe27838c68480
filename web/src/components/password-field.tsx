import { appLanguage, words } from '@/lib/i18n';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { FormField } from '@/components/form-field';
import type { TextFieldProps as FieldProps } from '@/components/text-field';
import { Input } from '@/components/ui/input';

const t = words('app');
// A field's name inside a sentence ('Show password'): lower case, except where nouns keep theirs.
const inSentence = (label: string) => (appLanguage() === 'de' ? label : label.toLocaleLowerCase(appLanguage()));

/** A password input with a show/hide toggle, on every password field of the app: on a phone, see what was typed. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'>>(function PasswordField(
  { id, label, error, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField id={id} label={label} error={error}>
      <div className="relative mt-1.5">
        <Input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          className="pe-11"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={t(visible ? 'app.hide_password' : 'app.show_password', { label: inSentence(label) })}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
        >
          {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
        </button>
      </div>
    </FormField>
  );
});
