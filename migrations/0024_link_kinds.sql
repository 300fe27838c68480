-- Sections, the social row, scheduled, highlighted and sensitive links (decision 0101). Columns
-- with defaults that draw every stored link as before: a link (not a header), a button, always
-- shown, neither highlighted nor behind the interstitial. The previous release never names them,
-- so its inserts still land with the defaults.
ALTER TABLE `links` ADD `kind` text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `display` text DEFAULT 'button' NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `starts_at` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `ends_at` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `highlight` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `sensitive` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `links_card_highlight` ON `links` (`card_id`) WHERE "links"."highlight" = 1;