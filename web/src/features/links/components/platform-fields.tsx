import { useState, type ClipboardEvent } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { findPlatform } from '@shared/platforms';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { buildUrl, detectPlatform, reduceToUsername } from '../lib/link-form';
import type { LinkFormInput, LinkFormValues } from '../lib/link-form-schema';
import { PlatformPicker } from './platform-picker';

/**
 * Platform, username (or URL for custom) and the generated URL preview (docs/product.md §2 and §4):
 * choosing a platform sets the icon, and a full URL typed or pasted is reduced to the username.
 */
export function PlatformFields({ form }: { form: UseFormReturn<LinkFormInput, unknown, LinkFormValues> }) {
  const { control, register, setValue, getValues, formState } = form;
  const [platformId, username] = useWatch({ control, name: ['platformId', 'username'] });
  const platform = findPlatform(platformId);
  const isCustom = platformId === 'custom';
  const error = formState.errors.username;
  const showPreview = !isCustom && !!username?.trim();
  const usernameField = register('username');
  const [recognised, setRecognised] = useState<string | null>(null);

  // A platform's own address pasted as a custom URL: the platform is recognised and the handle
  // filled in, so the link gets the platform's icon and URL rules.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (!isCustom) return;
    const text = event.clipboardData.getData('text').trim();
    if (!/^(https?:\/\/|mailto:|tel:)/i.test(text)) return;
    const found = detectPlatform({ url: text, icon: '' });
    const next = findPlatform(found.platformId);
    if (!next || found.platformId === 'custom' || found.platformId === 'website') return;
    event.preventDefault();
    setValue('platformId', next.id, { shouldDirty: true });
    setValue('icon', next.icon, { shouldDirty: true });
    setValue('username', found.username, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setRecognised(`Recognised ${next.name}: the ${next.name} link is built from “${found.username}”.`);
  };

  return (
    <>
      <div>
        <Label htmlFor="link-platform">Platform</Label>
        <Controller
          control={control}
          name="platformId"
          render={({ field }) => (
            <PlatformPicker
              id="link-platform"
              className="mt-1"
              value={field.value}
              onBlur={field.onBlur}
              onChange={(id) => {
                field.onChange(id);
                setRecognised(null);
                const next = findPlatform(id);
                // docs/product.md §4: choosing a platform sets the icon.
                setValue('icon', next?.icon ?? '', { shouldDirty: true });
                const typed = getValues('username');
                const reduced = reduceToUsername(next, typed);
                if (reduced !== typed) setValue('username', reduced, { shouldDirty: true });
              }}
            />
          )}
        />
      </div>

      <FormField id="link-username" label={isCustom ? 'URL' : 'Username / ID'} error={error?.message}>
        <Input
          id="link-username"
          className="mt-1"
          placeholder={platform?.placeholder}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode={isCustom || platformId === 'website' ? 'url' : undefined}
          aria-invalid={!!error}
          aria-describedby={
            [error ? 'link-username-error' : '', showPreview ? 'link-url-preview' : ''].join(' ').trim() || undefined
          }
          {...usernameField}
          onPaste={onPaste}
          onChange={(event) => {
            const reduced = reduceToUsername(platform, event.target.value);
            if (reduced !== event.target.value) event.target.value = reduced;
            void usernameField.onChange(event);
          }}
        />
      </FormField>

      <p role="status" className="text-sm text-brand-700 empty:hidden sm:col-span-2 dark:text-brand-300">
        {recognised}
      </p>

      {showPreview && (
        <p
          id="link-url-preview"
          className="break-all rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 sm:col-span-2 dark:bg-slate-800/60 dark:text-slate-300"
        >
          <span className="font-medium">Generated URL: </span>
          <span data-testid="generated-url">{buildUrl(platformId, username)}</span>
        </p>
      )}
    </>
  );
}
