import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string };

/** A labelled input with its validation message underneath, linked for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
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
