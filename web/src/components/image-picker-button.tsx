import { useRef, type ReactNode } from 'react';
import { IMAGE_TYPES } from '@shared/constants';
import { Button } from '@/components/ui/button';

/** A button that opens the file chooser; the chosen file is handed over at once. */
export function ImagePickerButton({
  children,
  onFile,
  disabled,
  label,
}: {
  children: ReactNode;
  onFile: (file: File) => void;
  disabled?: boolean;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="hidden"
        aria-label={label}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
