import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { recogniseLink } from '@shared/link-recognise';
import { findPlatform } from '@shared/platforms';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { words } from '@/lib/i18n';
import { richWords } from '@/lib/rich-words';
import { buildUrl, reduceToUsername } from '../lib/link-form';
import type { LinkFormInput, LinkFormValues } from '../lib/link-form-schema';
import { defaultTitle, platformField } from '../lib/platform-field';
import { platformName, platformPlaceholder } from '../lib/platform-words';
import { PlatformPicker } from './platform-picker';

const t = words('links');

type Props = {
  form: UseFormReturn<LinkFormInput, unknown, LinkFormValues>;
  /** The title the link would get now (the platform's name or the host), for the form to fill in. */
  onTitle: (title: string) => void;
};

// On a platform's own field, only a whole address (a scheme or a path) is read again: a handle
// such as 'ada.lovelace' must not be taken for a website.
const looksLikeAddress = (value: string) => /^[a-z]+:|\//i.test(value.trim());

/**
 * The link's own field first, then the platform (decision 74, URL-first links): whatever is pasted
 * or typed is recognised as it comes (a platform's address, an e-mail address, a phone number, any
 * website), which sets the platform, its icon, the handle and a title; the platform can still be
 * chosen by hand, and the field's label and phone keyboard follow it. The built URL is shown.
 */
export function PlatformFields({ form, onTitle }: Props) {
  const { control, register, setValue, getValues, formState } = form;
  const [platformId, username] = useWatch({ control, name: ['platformId', 'username'] });
  const platform = findPlatform(platformId);
  const isCustom = platformId === 'custom';
  const field = platformField(platform);
  const error = formState.errors.username;
  const showPreview = !isCustom && !!username?.trim();
  const usernameField = register('username');
  // What the address was recognised as: the platform's name and the handle the link is built from.
  const [recognised, setRecognised] = useState<{ platform: string; username: string } | null>(null);

  const choose = (id: string, icon: string) => {
    setValue('platformId', id, { shouldDirty: true });
    setValue('icon', icon, { shouldDirty: true });
  };

  /** The value as typed or pasted, read for what it is; answers what the field should hold. */
  const recognise = (value: string): string => {
    if (!isCustom && !looksLikeAddress(value)) return reduceToUsername(platform, value);
    const found = recogniseLink(value);
    if (!found) return isCustom ? value : reduceToUsername(platform, value);
    if (found.platformId === 'custom') {
      if (!isCustom && platformId !== 'website') return reduceToUsername(platform, value);
      // Any website: the icon of the platform it belongs to (a YouTube video), the host as title;
      // Website keeps its own globe.
      if (isCustom) setValue('icon', found.icon, { shouldDirty: true });
      onTitle(found.title);
      setRecognised(null);
      return value;
    }
    const next = findPlatform(found.platformId)!;
    if (next.id !== platformId) choose(next.id, next.icon);
    onTitle(found.title);
    setRecognised({ platform: platformName(next), username: found.username });
    return found.username;
  };

  const describedBy = [
    error ? 'link-username-error' : '',
    field.hint ? 'link-username-hint' : '',
    showPreview ? 'link-url-preview' : '',
  ]
    .join(' ')
    .trim();

  return (
    <>
      <FormField id="link-username" label={field.label} error={error?.message} className="sm:col-span-2">
        {field.hint ? (
          <p id="link-username-hint" className="text-xs text-slate-600 dark:text-slate-400">
            {field.hint}
          </p>
        ) : null}
        <Input
          id="link-username"
          className="mt-1"
          placeholder={isCustom ? t('links.url_example') : platform && platformPlaceholder(platform)}
          // Addresses, handles and numbers read left to right in every language.
          dir="ltr"
          type={field.type}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete ?? 'off'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={!!error}
          aria-describedby={describedBy || undefined}
          {...usernameField}
          onChange={(event) => {
            const next = recognise(event.target.value);
            if (next !== event.target.value) event.target.value = next;
            void usernameField.onChange(event);
          }}
        />
      </FormField>

      <p role="status" className="text-sm text-brand-700 empty:hidden sm:col-span-2 dark:text-brand-100">
        {recognised
          ? richWords((values) => t('links.recognised', { ...values, platform: recognised.platform }), {
              username: <bdi>{recognised.username}</bdi>,
            })
          : null}
      </p>

      <div>
        <Label htmlFor="link-platform">{t('links.platform')}</Label>
        <Controller
          control={control}
          name="platformId"
          render={({ field: picker }) => (
            <PlatformPicker
              id="link-platform"
              className="mt-1"
              value={picker.value}
              onBlur={picker.onBlur}
              onChange={(id) => {
                picker.onChange(id);
                setRecognised(null);
                const next = findPlatform(id);
                // docs/product.md §4: choosing a platform sets the icon.
                setValue('icon', next?.icon ?? '', { shouldDirty: true });
                const typed = getValues('username');
                const reduced = reduceToUsername(next, typed);
                if (reduced !== typed) setValue('username', reduced, { shouldDirty: true });
                onTitle(defaultTitle(id, reduced));
              }}
            />
          )}
        />
      </div>

      {showPreview && (
        <p
          id="link-url-preview"
          className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 sm:col-span-2 dark:bg-slate-800/60 dark:text-slate-300"
        >
          <span className="block font-medium">{t('links.generated_url')}</span>
          {/* Long addresses wrap anywhere, the words of the label never. */}
          <span data-testid="generated-url" dir="ltr" className="block [overflow-wrap:anywhere] rtl:text-right">
            {buildUrl(platformId, username)}
          </span>
        </p>
      )}
    </>
  );
}
