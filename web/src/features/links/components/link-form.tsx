import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/toast';
import type { Link } from '@shared/types';
import { FormField } from '@/components/form-field';
import { LinkIcon } from '@/components/link-icon';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { playerOf } from '@shared/players';
import { readLinkPage } from '../api/link-preview';
import { useSaveLink } from '../api/save-link';
import { LinkThumbnail } from './link-thumbnail';
import { buildUrl, defaultLinkValues, linkToFormValues, toLinkPayload } from '../lib/link-form';
import type { LinkFormInput, LinkFormValues } from '../lib/link-form-schema';
import { defaultTitle } from '../lib/platform-field';
import { defaultDisplay } from '@shared/link-default-display';
import { LinkOptions } from './link-options';
import { PlatformFields } from './platform-fields';

const t = words('links');

/** The link as the form holds it now, for the live preview. */
export type LinkDraft = Pick<
  Link,
  | 'title'
  | 'url'
  | 'icon'
  | 'is_active'
  | 'display'
  | 'starts_at'
  | 'ends_at'
  | 'highlight'
  | 'sensitive'
  | 'thumbnail_url'
>;

type Props = {
  /** The link being edited, or null to add a new one. */
  editing: Link | null;
  linkCount: number;
  onSaved: () => void;
  onCancel: () => void;
  /** Every change of the form, so the preview beside it follows before anything is saved. */
  onDraft: (draft: LinkDraft) => void;
};

// Server field names to the form's: the url is typed in the username field.
const FIELD_OF: Record<string, keyof LinkFormInput> = {
  title: 'title',
  url: 'username',
  icon: 'icon',
  display: 'display',
  starts_at: 'starts_at',
  ends_at: 'ends_at',
};

/**
 * The last save's 'Link created' or 'Link updated' toast. The next form opened takes it away: the
 * news is read by then, and on a phone the toast sat over the form's Add Link button for its 4 s.
 */
let savedToast: string | number | null = null;

const validation = lazyResolver(() => import('../lib/link-form-schema').then((module) => module.linkFormResolver));

export function LinkForm({ editing, linkCount, onSaved, onCancel, onDraft }: Props) {
  const save = useSaveLink();
  const form = useForm<LinkFormInput, unknown, LinkFormValues>({
    resolver: validation.resolver,
    defaultValues: editing ? linkToFormValues(editing) : defaultLinkValues(linkCount),
  });
  const { register, control, formState, handleSubmit, setError, setFocus, getValues, setValue } = form;
  const [
    typedTitle,
    platformId,
    username = '',
    icon = '',
    isActive = true,
    display,
    startsAt,
    endsAt,
    highlight,
    sensitive,
  ] = useWatch({
    control,
    name: [
      'title',
      'platformId',
      'username',
      'icon',
      'is_active',
      'display',
      'starts_at',
      'ends_at',
      'highlight',
      'sensitive',
    ],
  });
  const title = typeof typedTitle === 'string' ? typedTitle : '';
  const errors = formState.errors;
  // The title filled in for the person, which the next recognised address may replace; one they
  // typed themselves is theirs and stays.
  const filledTitle = useRef<string | null>(null);
  const fillTitle = (next: string) => {
    const typed = getValues('title');
    const current = typeof typed === 'string' ? typed : '';
    if (current !== '' && current !== filledTitle.current) return;
    filledTitle.current = next;
    setValue('title', next, { shouldDirty: true });
  };

  // The page behind a pasted or changed address, read once (docs/product.md §2, Links): its
  // title replaces the one filled in for the person, its picture becomes the thumbnail.
  const [thumbnail, setThumbnail] = useState<string | null>(editing?.thumbnail_url ?? null);
  const [reading, setReading] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const builtUrl = buildUrl(platformId, username);
  const canPlay = playerOf(builtUrl) !== null;
  useEffect(() => {
    if (!/^https?:\/\/[^/]+\.[^/]/i.test(builtUrl) || builtUrl === editing?.url) return;
    let current = true;
    const timer = setTimeout(() => {
      setReading(true);
      readLinkPage(builtUrl)
        .then((page) => {
          if (!current) return;
          if (page.title) fillTitle(page.title);
          if (page.thumbnail_url) setThumbnail(page.thumbnail_url);
          setNote(page.note);
        })
        .catch(() => current && setNote(null))
        .finally(() => current && setReading(false));
    }, 500);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // fillTitle reads the form as it is then: the address alone decides when the page is read.
  }, [builtUrl, editing?.url]);

  // The form opens on the link's own field: paste an address and the rest follows.
  useEffect(() => {
    setFocus('username');
    if (savedToast !== null) toast.dismiss(savedToast);
    savedToast = null;
  }, [setFocus]);

  // An address that stops being playable (edited to another page) leaves 'player' for a button.
  useEffect(() => {
    if (display === 'player' && !canPlay) setValue('display', 'button');
  }, [display, canPlay, setValue]);

  // A new link to a social profile starts as an icon of the social row, until its owner chooses.
  useEffect(() => {
    if (editing || form.getFieldState('display').isDirty) return;
    setValue('display', defaultDisplay(buildUrl(platformId, username)));
  }, [editing, form, platformId, username, setValue]);

  useEffect(() => {
    const payload = toLinkPayload({
      title,
      platformId,
      username,
      icon,
      display_order: 0,
      display,
      starts_at: startsAt,
      ends_at: endsAt,
      highlight,
      sensitive,
    });
    onDraft({
      title: title.trim() || defaultTitle(platformId, username) || t('links.draft_title'),
      url: buildUrl(platformId, username),
      icon,
      is_active: isActive,
      display: payload.display ?? 'button',
      starts_at: payload.starts_at ?? null,
      ends_at: payload.ends_at ?? null,
      highlight: payload.highlight ?? false,
      sensitive: payload.sensitive ?? false,
      thumbnail_url: thumbnail,
    });
  }, [
    title,
    platformId,
    username,
    icon,
    isActive,
    display,
    startsAt,
    endsAt,
    highlight,
    sensitive,
    thumbnail,
    onDraft,
  ]);

  const onSubmit = handleSubmit(async (values) => {
    const id = editing?.id ?? null;
    const toastId = toast.loading(t(id === null ? 'links.creating' : 'links.updating'));
    try {
      const payload = { ...toLinkPayload(values), thumbnail_url: thumbnail };
      await save.mutateAsync({ editing: editing ?? null, payload });
      toast.success(t(id === null ? 'links.created' : 'links.updated'), { id: toastId });
      savedToast = toastId;
      onSaved();
    } catch (error) {
      if (error instanceof ApiError || error instanceof TypeError) {
        const fieldErrors = error instanceof ApiError ? error.errors : {};
        for (const [field, messages] of Object.entries(fieldErrors)) {
          const name = FIELD_OF[field];
          if (name && messages[0]) setError(name, { message: messages[0] });
        }
        const failed = t(id === null ? 'links.create_failed' : 'links.update_failed');
        // Only the server's own words go under the title, never a bare 'Failed to fetch'.
        toast.error(failed, { id: toastId, description: error instanceof ApiError ? error.serverMessage : undefined });
      } else {
        toast.error(t('links.unexpected'), { id: toastId });
      }
    }
  });

  const describedBy = (name: keyof LinkFormInput) => (errors[name] ? `link-${name}-error` : undefined);

  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="grid gap-4 *:min-w-0 sm:grid-cols-2">
      <PlatformFields form={form} onTitle={fillTitle} />

      <FormField id="link-title" label={t('links.title_label')} error={errors.title?.message}>
        <Input
          id="link-title"
          dir="auto"
          className="mt-1"
          placeholder={defaultTitle(platformId, username) || t('links.title_example')}
          aria-invalid={!!errors.title}
          aria-describedby={describedBy('title')}
          {...register('title')}
        />
      </FormField>

      {/* The icon follows from the platform: it is shown, never typed (no path is ever shown). */}
      <div className="flex items-center gap-2 text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
        <LinkIcon icon={icon} />
        <span>{t('links.icon_follows')}</span>
        {errors.icon?.message ? (
          <span role="alert" className="text-red-600 dark:text-red-400">
            {errors.icon.message}
          </span>
        ) : null}
      </div>

      <LinkThumbnail thumbnail={thumbnail} onThumbnail={setThumbnail} reading={reading} note={note} />

      <LinkOptions form={form} canPlay={canPlay} />

      <div className="flex items-center gap-3 sm:col-span-2">
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => (
            <Switch id="link-active" checked={field.value ?? true} onCheckedChange={field.onChange} />
          )}
        />
        <Label htmlFor="link-active">{t('links.active')}</Label>
      </div>

      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {t(formState.isSubmitting ? 'links.saving' : editing ? 'links.update' : 'links.add')}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting}>
          {t('links.cancel')}
        </Button>
      </div>
    </form>
  );
}
