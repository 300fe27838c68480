import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string };

/** A labelled input of the Security section, its message underneath and tied to it. */
export const SecurityField = forwardRef<HTMLInputElement, Props>(function SecurityField(
  { id, label, error, ...props },
  ref,
) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        ref={ref}
        id={id}
        className="mt-1.5"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </FormField>
  );
});
