import { typedDuringSave } from '@/lib/typed-during-save';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/toast';
import type { User } from '@shared/types';
import { FormField } from '@/components/form-field';
import { SaveBar } from '@/components/save-bar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { applyFieldErrors } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { TemplateField } from '@shared/org-template';
import type { OrgTemplate } from '@shared/schemas/org-template';
import type { ProfileKey } from '@shared/i18n/compiled/keys';
import { useUpdateProfile } from '../api/update-profile';
import { BUSINESS_FIELDS, BusinessFields, ROWS } from './business-fields';
import { OrgRuleNote, rulingOf } from './org-rule';
import { CardLanguageField } from './card-language-field';
import type { ProfileFormInput, ProfileFormValues } from '../lib/profile-form-schema';

const t = words('profile');
const validation = lazyResolver(() =>
  import('../lib/profile-form-schema').then((module) => module.profileFormResolver),
);
const FIELDS = ['name', 'username', 'bio', ...BUSINESS_FIELDS] as const;

/** The form's fields an organisation's template rules, with their labels. */
const RULED: { field: TemplateField & (typeof FIELDS)[number]; label: ProfileKey }[] = [
  { field: 'name', label: 'profile.name' },
  { field: 'bio', label: 'profile.bio' },
  ...ROWS.map(({ field, label }) => ({ field, label })),
];

export type ProfileDraft = Pick<ProfileFormInput, (typeof FIELDS)[number]>;

/** What the form starts from: the saved values, the phone as people read it. */
const formValues = (
  user: Pick<User, 'name' | 'username' | 'bio' | 'is_active' | 'language' | (typeof BUSINESS_FIELDS)[number]> &
    Partial<Pick<User, 'phone_display'>>,
) => ({
  name: user.name,
  username: user.username,
  bio: user.bio ?? '',
  job_title: user.job_title ?? '',
  company: user.company ?? '',
  phone: user.phone_display || user.phone || '',
  public_email: user.public_email ?? '',
  location: user.location ?? '',
  pronouns: user.pronouns ?? '',
  is_active: user.is_active,
  language: user.language,
});

/**
 * Name, username, bio, the business card's fields and visibility; filled once from the loaded profile (docs/product.md §4).
 * `onDraft` hears every edit, for the live preview.
 */
export function ProfileForm({
  user,
  template,
  onDraft,
}: {
  user: User;
  /**
   * A work card's template (the screen draws the form only once it is read), null for a personal
   * card: its locked fields are read-only, hidden ones absent, required ones kept filled.
   */
  template: OrgTemplate | null;
  onDraft?: (draft: ProfileDraft) => void;
}) {
  const save = useUpdateProfile();
  const ruling = (field: TemplateField) => rulingOf(template, field);
  const { register, control, handleSubmit, setError, reset, getValues, setValue, formState } = useForm<
    ProfileFormInput,
    unknown,
    ProfileFormValues
  >({
    resolver: validation.resolver,
    defaultValues: formValues(user),
  });
  // Read while rendering, so react-hook-form keeps track of them for the save.
  const { errors, dirtyFields } = formState;
  const isPublic = useWatch({ control, name: 'is_active' });
  const watched = useWatch({ control, name: FIELDS });
  const draftKey = JSON.stringify(watched);
  useEffect(() => {
    const values = JSON.parse(draftKey) as (string | undefined)[];
    onDraft?.(Object.fromEntries(FIELDS.map((field, i) => [field, values[i] ?? ''])) as ProfileDraft);
  }, [onDraft, draftKey]);

  // What the fields held when Save was pressed: anything typed after it is not in this save.
  const asSent = useRef<ProfileFormInput | null>(null);
  const submit = handleSubmit(async (values) => {
    // Emptying a field the organisation requires is refused here as the API would refuse it.
    const emptied = RULED.filter(
      ({ field }) => ruling(field)?.rule === 'required' && dirtyFields[field] && !String(values[field] ?? '').trim(),
    );
    for (const { field, label } of emptied)
      setError(field, { type: 'org', message: t('profile.org_required_empty', { field: t(label) }) });
    if (emptied.length > 0) return;
    const toastId = toast.loading(t('profile.updating'));
    try {
      // Only what the owner changed: the rest of this form may be stale (saved since in another
      // tab or on a phone), and sending it back would silently undo that (docs/decisions/0084).
      const changed = Object.fromEntries(
        Object.entries(values).filter(([field]) => dirtyFields[field as keyof typeof values]),
      );
      const body = await save.mutateAsync(changed);
      // What is stored now, this save and any other, is the form's new starting point; except
      // what was typed while the save was on its way (a slow answer while a photo is processed):
      // that is kept as typed, still unsaved, instead of being replaced by the stored value.
      // The inputs stay registered through the reset (keepFieldsRef): a full reset drops them until
      // React's next render registers them again, and a key pressed in between was lost, its input
      // unheard and then overwritten by the value of before it.
      const now = getValues();
      reset(formValues(body.data ?? { ...user, ...values }), { keepFieldsRef: true });
      for (const field of typedDuringSave(asSent.current, now)) setValue(field, now[field], { shouldDirty: true });
      toast.success(t('profile.updated'), { id: toastId });
    } catch (error) {
      applyFieldErrors(error, [...FIELDS, 'language'], setError);
      toast.error(t('profile.update_failed'), { id: toastId });
    }
  });

  const invalid = (field: 'name' | 'username' | 'bio') => {
    const rule = field === 'username' ? undefined : ruling(field)?.rule;
    const ruled = rule === 'locked' || rule === 'required';
    return {
      'aria-invalid': !!errors[field],
      'aria-describedby': errors[field] ? `profile-${field}-error` : ruled ? `profile-${field}-org` : undefined,
      readOnly: rule === 'locked',
      'aria-required': rule === 'required' || undefined,
    };
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.info_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          id="profile-form"
          onSubmit={(event) => {
            asSent.current = getValues();
            return submit(event);
          }}
          onFocus={validation.preload}
          noValidate
          className="space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-name" label={t('profile.name')} error={errors.name?.message}>
              <Input
                id="profile-name"
                className="mt-1"
                autoComplete="name"
                dir="auto"
                {...invalid('name')}
                {...register('name')}
              />
              <OrgRuleNote id="profile-name-org" ruling={ruling('name')} />
            </FormField>
            <FormField id="profile-username" label={t('profile.username')} error={errors.username?.message}>
              <Input
                id="profile-username"
                className="mt-1"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                {...invalid('username')}
                {...register('username')}
              />
            </FormField>
          </div>
          {ruling('bio')?.rule === 'hidden' ? null : (
            <FormField id="profile-bio" label={t('profile.bio')} error={errors.bio?.message}>
              <Textarea
                id="profile-bio"
                className="mt-1"
                rows={4}
                dir="auto"
                {...invalid('bio')}
                {...register('bio')}
              />
              <OrgRuleNote id="profile-bio-org" ruling={ruling('bio')} />
            </FormField>
          )}
          <BusinessFields register={register} errors={errors} rulingOf={ruling} />
          <CardLanguageField control={control} errors={errors} />
          <div className="flex items-center gap-3">
            <Controller
              control={control}
              name="is_active"
              render={({ field }) => (
                <Switch
                  id="profile-public"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby="profile-public-hint"
                />
              )}
            />
            <div>
              <Label htmlFor="profile-public">{isPublic ? t('profile.public') : t('profile.private')}</Label>
              <p id="profile-public-hint" className="text-xs text-slate-500 dark:text-slate-400">
                {isPublic ? t('profile.public_hint') : t('profile.private_hint')}
              </p>
            </div>
          </div>
          <SaveBar
            dirty={formState.isDirty}
            saving={formState.isSubmitting}
            saveLabel={t('profile.save_profile')}
            form="profile-form"
            onDiscard={() => reset()}
          />
        </form>
      </CardContent>
    </Card>
  );
}
