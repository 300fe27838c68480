import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { words } from '@/lib/i18n';
import type { LinkFormInput, LinkFormValues } from '../lib/link-form-schema';
import { ownTimeZone } from '../lib/link-schedule';

const t = words('links');

// The link's own choices (docs/product.md §4, Links): a button or an icon of the social row, when
// it is on the card, a highlight and the warning for adults. One column on a phone, in place in
// the form: each choice sits with its words, and none is hidden behind a menu.

type Form = UseFormReturn<LinkFormInput, unknown, LinkFormValues>;

function Toggle({
  form,
  name,
  label,
  help,
}: {
  form: Form;
  name: 'highlight' | 'sensitive';
  label: string;
  help: string;
}) {
  const id = `link-${name}`;
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            aria-describedby={`${id}-help`}
          />
        )}
      />
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-help`} className="text-sm text-slate-600 dark:text-slate-400">
          {help}
        </p>
      </div>
    </div>
  );
}

export function LinkOptions({ form }: { form: Form }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">{t('links.show_as')}</legend>
        <Controller
          control={form.control}
          name="display"
          render={({ field }) => (
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
              {(['button', 'icon'] as const).map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={field.name}
                    value={value}
                    className="h-4 w-4"
                    checked={(field.value ?? 'button') === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                  />
                  {t(value === 'button' ? 'links.show_button' : 'links.show_icon')}
                </label>
              ))}
            </div>
          )}
        />
      </fieldset>

      <FormField id="link-starts" label={t('links.starts')} error={errors.starts_at?.message}>
        <Input
          id="link-starts"
          type="datetime-local"
          className="mt-1"
          aria-describedby="link-schedule-help"
          {...register('starts_at')}
        />
      </FormField>
      <FormField id="link-ends" label={t('links.ends')} error={errors.ends_at?.message}>
        <Input
          id="link-ends"
          type="datetime-local"
          className="mt-1"
          aria-invalid={!!errors.ends_at}
          aria-describedby={errors.ends_at ? 'link-ends-error link-schedule-help' : 'link-schedule-help'}
          {...register('ends_at')}
        />
      </FormField>
      <p id="link-schedule-help" className="-mt-2 text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
        {t('links.schedule_help', { zone: ownTimeZone() })}
      </p>

      <Toggle form={form} name="highlight" label={t('links.highlight')} help={t('links.highlight_help')} />
      <Toggle form={form} name="sensitive" label={t('links.sensitive')} help={t('links.sensitive_help')} />
    </>
  );
}
