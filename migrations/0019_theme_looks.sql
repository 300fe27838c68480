-- A preset's button style and shape, gradient and pattern (shared/looks.ts); null is the look every
-- card had before them, so no stored preset or card changes. Then the eight designed presets
-- (worker/db/designed-themes.ts), new rows only: a row of that id already there is left as it is.
ALTER TABLE `themes` ADD `button_style` text;--> statement-breakpoint
ALTER TABLE `themes` ADD `button_shape` text;--> statement-breakpoint
ALTER TABLE `themes` ADD `gradient_color` text;--> statement-breakpoint
ALTER TABLE `themes` ADD `gradient_direction` text;--> statement-breakpoint
ALTER TABLE `themes` ADD `pattern` text;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (11, 'Portrait', '#f5f5f4', '#1c1917', '#44403c', 'DM Sans, sans-serif', NULL, 0, 'soft_shadow', 'rounded', '#e7e5e4', 'down', 'none')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (12, 'Letterhead', '#ffffff', '#0f172a', '#1d4ed8', 'Work Sans, sans-serif', NULL, 0, 'outline', 'square', NULL, NULL, 'grid')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (13, 'Paper', '#ffffff', '#18181b', '#18181b', 'Inter, sans-serif', NULL, 0, 'outline', 'pill', NULL, NULL, 'none')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (14, 'Headline', '#facc15', '#0a0a0a', '#0a0a0a', 'Poppins, sans-serif', NULL, 0, 'hard_shadow', 'square', NULL, NULL, 'dots')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (15, 'Aurora', '#312e81', '#f8fafc', '#f0abfc', 'Rubik, sans-serif', NULL, 0, 'fill', 'pill', '#134e4a', 'diagonal', 'none')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (16, 'Night Waves', '#0f172a', '#e2e8f0', '#38bdf8', 'Nunito, sans-serif', NULL, 0, 'soft_shadow', 'pill', '#1e1b4b', 'down', 'waves')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (17, 'Blueprint', '#1e3a8a', '#eff6ff', '#bfdbfe', 'Mulish, sans-serif', NULL, 0, 'outline', 'square', NULL, NULL, 'grid')
  ON CONFLICT (`id`) DO NOTHING;--> statement-breakpoint
INSERT INTO `themes` (`id`, `name`, `background_color`, `text_color`, `accent_color`, `font_family`, `background_image`, `is_default`, `button_style`, `button_shape`, `gradient_color`, `gradient_direction`, `pattern`)
  VALUES (18, 'Terracotta', '#fff7ed', '#431407', '#c2410c', 'Merriweather, serif', NULL, 0, 'fill', 'rounded', '#fed7aa', 'radial', 'diagonal')
  ON CONFLICT (`id`) DO NOTHING;
