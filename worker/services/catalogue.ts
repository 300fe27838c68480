import { asc, desc, eq } from 'drizzle-orm';
import { templates, themes } from '../db/schema';
import type { Template, Theme } from '@shared/schemas/themes';
import type { Db } from '../env';

export type ThemeRow = typeof themes.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;

export const serializeTheme = (theme: ThemeRow): Theme => ({
  id: theme.id,
  name: theme.name,
  background_color: theme.backgroundColor,
  text_color: theme.textColor,
  accent_color: theme.accentColor,
  font_family: theme.fontFamily,
  background_image: theme.backgroundImage,
  is_default: theme.isDefault,
  // Only what the preset sets: one without them is answered as it was before they existed.
  ...(theme.buttonStyle ? { button_style: theme.buttonStyle } : {}),
  ...(theme.buttonShape ? { button_shape: theme.buttonShape } : {}),
  ...(theme.gradientColor ? { gradient_color: theme.gradientColor } : {}),
  ...(theme.gradientDirection ? { gradient_direction: theme.gradientDirection } : {}),
  ...(theme.pattern ? { pattern: theme.pattern } : {}),
});

export const serializeTemplate = (template: TemplateRow): Template => ({
  id: template.id,
  name: template.name,
  description: template.description,
  thumbnail_url: template.thumbnailUrl,
  thumbnail: template.thumbnailUrl,
  config: template.config,
});

/** The theme and template a new card starts with: the default preset and the first template. */
export async function defaultCatalogueIds(db: Db) {
  const [theme, template] = await Promise.all([
    db.select({ id: themes.id }).from(themes).orderBy(desc(themes.isDefault), asc(themes.id)).limit(1).get(),
    db.select({ id: templates.id }).from(templates).orderBy(asc(templates.id)).limit(1).get(),
  ]);
  return { themeId: theme?.id ?? null, templateId: template?.id ?? null };
}

export const listThemes = (db: Db) => db.select().from(themes).orderBy(asc(themes.id)).all();
export const listTemplates = (db: Db) => db.select().from(templates).orderBy(asc(templates.id)).all();
export const findTheme = (db: Db, id: number) => db.select().from(themes).where(eq(themes.id, id)).get();
export const findTemplate = (db: Db, id: number) => db.select().from(templates).where(eq(templates.id, id)).get();
/** The template whose thumbnail is /templates/{file}. */
export const findTemplateByThumbnail = (db: Db, file: string) =>
  db
    .select()
    .from(templates)
    .where(eq(templates.thumbnailUrl, `/templates/${file}`))
    .get();
