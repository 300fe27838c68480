import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';

type Props = {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  error?: string;
  /** The message's id, for the control's aria-describedby; `${id}-error` unless the form names it otherwise. */
  errorId?: string;
  className?: string;
  children: ReactNode;
};

/** A label, its control and the control's validation message underneath. */
export function FormField({ id, label, error, errorId = `${id}-error`, className, children }: Props) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
