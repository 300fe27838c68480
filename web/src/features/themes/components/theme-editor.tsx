import { answerWithTyped } from '@/lib/typed-during-save';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { backdropFor } from '@shared/backdrop';
import { cardLook } from '@shared/card-look';
import type { CustomTheme, Theme, User } from '@shared/types';
import { PreviewLayout } from '@/components/preview-layout';
import { SaveBar } from '@/components/save-bar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { cardDataOf } from '@/lib/card-data';
import { words } from '@/lib/i18n';
import { useLinks } from '@/lib/links-query';
import { useUpdateTheme, type ThemeUpdate } from '../api/update-theme';
import { useShownUpload } from '../hooks/use-shown-upload';
import { customFromPreset } from '@/lib/colour';
import { illegibleMessage, illegibleText, ltr } from '../lib/legibility';
import { CurrentThemeBanner, UsingCustomBanner } from './current-theme-banner';
import { CustomizePanel } from './customize-panel';
import { CustomThemeCard, PresetCard } from '@/components/looks/theme-option-card';
import { withSampleLinks } from './theme-preview';

const t = words('looks');

/**
 * The theme state of docs/product.md §4: a preset is selected, or custom mode is on (custom_theme not
 * null). Starts from the saved profile; Save sends custom_theme alone in custom mode, theme_id with
 * custom_theme null in preset mode, and nothing when neither.
 */
export function ThemeEditor({ themes, user }: { themes: Theme[]; user: User }) {
  const [selectedId, setSelectedId] = useState<number | null>(user.theme_id);
  const [custom, setCustom] = useState<CustomTheme | null>(user.custom_theme);
  const save = useUpdateTheme();
  const upload = useShownUpload(user);
  const edit = (patch: Partial<CustomTheme>) => {
    upload.saw(patch.background_image);
    setCustom((current) => (current ? { ...current, ...patch } : current));
  };
  // The preview shows the owner's own links once they have loaded.
  const links = useLinks().data ?? [];
  const selected = themes.find((theme) => theme.id === selectedId);
  // What the preview draws: the custom values, or the selected preset's.
  const preview = custom ?? customFromPreset(selected);

  // The preview beside the grid shows the choice at once, and the save bar keeps it (docs/product.md §4, Themes).
  const choosePreset = (theme: Theme) => {
    setSelectedId(theme.id);
    setCustom(null);
  };
  const illegible = custom ? illegibleText(custom) : null;

  const toggleCustom = () => {
    if (custom) {
      setCustom(null);
      toast.info(t('looks.custom_off'));
    } else {
      setCustom(customFromPreset(selected));
      toast.info(t('looks.custom_on'));
    }
  };

  const reset = () => {
    if (!selected) return;
    setCustom(customFromPreset(selected));
    toast.info(t('looks.custom_reset'));
  };

  const body: ThemeUpdate | null = custom
    ? { custom_theme: custom }
    : selectedId !== null
      ? { theme_id: selectedId, custom_theme: null }
      : null;

  // Unsaved: the choice differs from the saved card (custom values, or the preset in preset mode).
  const dirty =
    body !== null &&
    (custom
      ? JSON.stringify(custom) !== JSON.stringify(user.custom_theme)
      : user.custom_theme !== null || selectedId !== user.theme_id);
  const discard = () => {
    setSelectedId(user.theme_id);
    setCustom(user.custom_theme);
  };

  const submit = async () => {
    if (!body) return;
    if (illegible) {
      toast.error(t('looks.unreadable'), {
        // Two sentences, each whole in its language.
        description: `${illegibleMessage(illegible)} ${t('looks.try_colour', { colour: ltr(illegible.suggestion.toUpperCase()) })}`,
      });
      document.getElementById('theme-text')?.focus();
      return;
    }
    const isCustom = body.custom_theme !== null;
    // What Save sends: a colour typed while it is on its way is not part of it.
    const sentCustom = custom;
    const sentPreset = selectedId;
    const toastId = toast.loading(isCustom ? t('looks.saving_custom') : t('looks.saving_theme'));
    try {
      await upload.releaseDropped(custom);
      const saved = (await save.mutateAsync(body)).data;
      // What is stored is the editor's new draft (a background kept from another tab shows),
      // except what was typed or chosen while the save was on its way: that stays, unsaved.
      if (saved) {
        setSelectedId((current) => (current === sentPreset ? saved.theme_id : current));
        setCustom((current) => {
          if (current === sentCustom) return saved.custom_theme;
          if (!current || !sentCustom || !saved.custom_theme) return current;
          return answerWithTyped(saved.custom_theme, sentCustom, current);
        });
        upload.saw(saved.custom_theme?.background_image);
      }
      toast.success(isCustom ? t('looks.saved_custom') : t('looks.saved_theme'), { id: toastId });
    } catch (error) {
      // docs/product.md §8: the server's message is preferred.
      toast.error(errorMessage(error, t('looks.theme_failed_retry')), { id: toastId });
    }
  };

  const card = withSampleLinks(cardDataOf(user, links, { custom_theme: preview, theme: null }));
  // Each preset's tile: the same card in the preset's own look.
  const inPreset = (theme: Theme) => ({ ...card, custom_theme: null, theme });
  // The overlay the card will draw: the owner's, or more where the text needs it on this image.
  const look = cardLook(card);
  const drawnOverlay = look.backgroundImage
    ? Math.round(backdropFor(look.text, look.background, look.imageTones, look.overlay).share * 100)
    : 0;
  return (
    <PreviewLayout
      card={card}
      unsaved={dirty}
      header={{
        title: t('looks.themes_title'),
        subtitle: t('looks.themes_subtitle'),
      }}
    >
      <CurrentThemeBanner user={user} />
      {custom && <UsingCustomBanner />}
      <Card>
        <CardHeader>
          <CardTitle>{t('looks.select_theme')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {themes.map((theme) => (
              <li key={theme.id}>
                <PresetCard
                  theme={theme}
                  card={inPreset(theme)}
                  active={!custom && theme.id === selectedId}
                  onSelect={() => choosePreset(theme)}
                />
              </li>
            ))}
            <li>
              <CustomThemeCard active={custom !== null} onToggle={toggleCustom} />
            </li>
          </ul>
        </CardContent>
      </Card>
      <CustomizePanel
        preview={preview}
        custom={custom}
        onChange={edit}
        canReset={selected !== undefined}
        onReset={reset}
        illegible={illegible}
        onEnableCustom={toggleCustom}
        uploadedBackground={user.background_image_url}
        drawnOverlay={drawnOverlay}
      />
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        saveLabel={t('looks.save_theme')}
        onSave={() => void submit()}
        onDiscard={discard}
      />
    </PreviewLayout>
  );
}
