-- Cards apart from accounts (docs/decisions/0091-cards-apart-from-accounts.md): only adds, as
-- every migration does (docs/decisions/0067-migrations-only-add.md). `profiles` and
-- `contact_settings` stay for the previous release and are kept in step with each account's first
-- card by the triggers below; a later release drops them and the triggers.
CREATE TABLE `cards` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`username` text NOT NULL,
	`name` text NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`job_title` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`public_email` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`pronouns` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`avatar_key` text,
	`cover_key` text,
	`background_key` text,
	`avatar_original` text,
	`cover_original` text,
	`background_original` text,
	`avatar_placeholder` text,
	`cover_placeholder` text,
	`background_placeholder` text,
	`theme_id` integer,
	`custom_theme` text,
	`template_id` integer,
	`views` integer DEFAULT 0 NOT NULL,
	`last_viewed_at` integer,
	`count_shard` integer DEFAULT 0 NOT NULL,
	`taken_down_at` integer,
	`takedown_reason` text,
	`contact_exchange` integer DEFAULT false NOT NULL,
	`contact_notify` integer DEFAULT true NOT NULL,
	`contacts_submitted` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`theme_id`) REFERENCES `themes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cards_username_unique` ON `cards` (`username`);--> statement-breakpoint
CREATE INDEX `cards_user` ON `cards` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `cards_primary` ON `cards` (`user_id`) WHERE `is_primary` = 1;--> statement-breakpoint
ALTER TABLE `links` ADD `card_id` text REFERENCES cards(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `links_card_order` ON `links` (`card_id`,`display_order`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `card_id` text REFERENCES cards(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `contacts_card_created` ON `contacts` (`card_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_card_visitor` ON `contacts` (`card_id`,`visitor`);--> statement-breakpoint
ALTER TABLE `reports` ADD `card_id` text REFERENCES cards(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `reports_card` ON `reports` (`card_id`);--> statement-breakpoint
-- Every card of before becomes its account's one card, under the account's id, primary, with
-- its contact-exchange switches (an absent contact_settings row meant off, mail on, none shared).
INSERT INTO `cards` (`id`, `user_id`, `is_primary`, `username`, `name`, `bio`, `is_active`, `avatar_key`, `cover_key`, `theme_id`, `custom_theme`, `template_id`, `views`, `last_viewed_at`, `created_at`, `updated_at`, `avatar_original`, `cover_original`, `avatar_placeholder`, `cover_placeholder`, `taken_down_at`, `takedown_reason`, `job_title`, `company`, `phone`, `public_email`, `location`, `pronouns`, `language`, `count_shard`, `background_key`, `background_original`, `background_placeholder`, `contact_exchange`, `contact_notify`, `contacts_submitted`)
SELECT p.`user_id`, p.`user_id`, 1, p.`username`, p.`name`, p.`bio`, p.`is_active`, p.`avatar_key`, p.`cover_key`, p.`theme_id`, p.`custom_theme`, p.`template_id`, p.`views`, p.`last_viewed_at`, p.`created_at`, p.`updated_at`, p.`avatar_original`, p.`cover_original`, p.`avatar_placeholder`, p.`cover_placeholder`, p.`taken_down_at`, p.`takedown_reason`, p.`job_title`, p.`company`, p.`phone`, p.`public_email`, p.`location`, p.`pronouns`, p.`language`, p.`count_shard`, p.`background_key`, p.`background_original`, p.`background_placeholder`, coalesce(s.`exchange`, 0), coalesce(s.`notify`, 1), coalesce(s.`submitted`, 0)
FROM `profiles` p LEFT JOIN `contact_settings` s ON s.`user_id` = p.`user_id`;
--> statement-breakpoint
UPDATE `links` SET `card_id` = `user_id` WHERE `card_id` IS NULL;
--> statement-breakpoint
UPDATE `contacts` SET `card_id` = `user_id` WHERE `card_id` IS NULL;
--> statement-breakpoint
UPDATE `reports` SET `card_id` = `user_id` WHERE `card_id` IS NULL;
--> statement-breakpoint
-- The previous release, still serving while this deploys (or run again by a rollback), writes
-- `profiles`, `contact_settings` and rows without a card: each write reaches the first card too.
CREATE TRIGGER `profiles_insert_card` AFTER INSERT ON `profiles`
BEGIN
  INSERT INTO `cards` (`id`, `user_id`, `is_primary`, `username`, `name`, `bio`, `is_active`, `avatar_key`, `cover_key`, `theme_id`, `custom_theme`, `template_id`, `views`, `last_viewed_at`, `created_at`, `updated_at`, `avatar_original`, `cover_original`, `avatar_placeholder`, `cover_placeholder`, `taken_down_at`, `takedown_reason`, `job_title`, `company`, `phone`, `public_email`, `location`, `pronouns`, `language`, `count_shard`, `background_key`, `background_original`, `background_placeholder`)
  VALUES (new.`user_id`, new.`user_id`, 1, new.`username`, new.`name`, new.`bio`, new.`is_active`, new.`avatar_key`, new.`cover_key`, new.`theme_id`, new.`custom_theme`, new.`template_id`, new.`views`, new.`last_viewed_at`, new.`created_at`, new.`updated_at`, new.`avatar_original`, new.`cover_original`, new.`avatar_placeholder`, new.`cover_placeholder`, new.`taken_down_at`, new.`takedown_reason`, new.`job_title`, new.`company`, new.`phone`, new.`public_email`, new.`location`, new.`pronouns`, new.`language`, new.`count_shard`, new.`background_key`, new.`background_original`, new.`background_placeholder`)
  ON CONFLICT(`id`) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_update_card` AFTER UPDATE ON `profiles`
BEGIN
  UPDATE `cards` SET `username` = new.`username`, `name` = new.`name`, `bio` = new.`bio`, `is_active` = new.`is_active`, `avatar_key` = new.`avatar_key`, `cover_key` = new.`cover_key`, `theme_id` = new.`theme_id`, `custom_theme` = new.`custom_theme`, `template_id` = new.`template_id`, `views` = new.`views`, `last_viewed_at` = new.`last_viewed_at`, `created_at` = new.`created_at`, `updated_at` = new.`updated_at`, `avatar_original` = new.`avatar_original`, `cover_original` = new.`cover_original`, `avatar_placeholder` = new.`avatar_placeholder`, `cover_placeholder` = new.`cover_placeholder`, `taken_down_at` = new.`taken_down_at`, `takedown_reason` = new.`takedown_reason`, `job_title` = new.`job_title`, `company` = new.`company`, `phone` = new.`phone`, `public_email` = new.`public_email`, `location` = new.`location`, `pronouns` = new.`pronouns`, `language` = new.`language`, `count_shard` = new.`count_shard`, `background_key` = new.`background_key`, `background_original` = new.`background_original`, `background_placeholder` = new.`background_placeholder`
  WHERE `id` = new.`user_id` AND (cards.`username` IS NOT new.`username` OR cards.`name` IS NOT new.`name` OR cards.`bio` IS NOT new.`bio` OR cards.`is_active` IS NOT new.`is_active` OR cards.`avatar_key` IS NOT new.`avatar_key` OR cards.`cover_key` IS NOT new.`cover_key` OR cards.`theme_id` IS NOT new.`theme_id` OR cards.`custom_theme` IS NOT new.`custom_theme` OR cards.`template_id` IS NOT new.`template_id` OR cards.`views` IS NOT new.`views` OR cards.`last_viewed_at` IS NOT new.`last_viewed_at` OR cards.`created_at` IS NOT new.`created_at` OR cards.`updated_at` IS NOT new.`updated_at` OR cards.`avatar_original` IS NOT new.`avatar_original` OR cards.`cover_original` IS NOT new.`cover_original` OR cards.`avatar_placeholder` IS NOT new.`avatar_placeholder` OR cards.`cover_placeholder` IS NOT new.`cover_placeholder` OR cards.`taken_down_at` IS NOT new.`taken_down_at` OR cards.`takedown_reason` IS NOT new.`takedown_reason` OR cards.`job_title` IS NOT new.`job_title` OR cards.`company` IS NOT new.`company` OR cards.`phone` IS NOT new.`phone` OR cards.`public_email` IS NOT new.`public_email` OR cards.`location` IS NOT new.`location` OR cards.`pronouns` IS NOT new.`pronouns` OR cards.`language` IS NOT new.`language` OR cards.`count_shard` IS NOT new.`count_shard` OR cards.`background_key` IS NOT new.`background_key` OR cards.`background_original` IS NOT new.`background_original` OR cards.`background_placeholder` IS NOT new.`background_placeholder`);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_settings_insert_card` AFTER INSERT ON `contact_settings`
BEGIN
  UPDATE `cards` SET `contact_exchange` = new.`exchange`, `contact_notify` = new.`notify`, `contacts_submitted` = new.`submitted`
  WHERE `id` = new.`user_id` AND (cards.`contact_exchange` IS NOT new.`exchange` OR cards.`contact_notify` IS NOT new.`notify` OR cards.`contacts_submitted` IS NOT new.`submitted`);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_settings_update_card` AFTER UPDATE ON `contact_settings`
BEGIN
  UPDATE `cards` SET `contact_exchange` = new.`exchange`, `contact_notify` = new.`notify`, `contacts_submitted` = new.`submitted`
  WHERE `id` = new.`user_id` AND (cards.`contact_exchange` IS NOT new.`exchange` OR cards.`contact_notify` IS NOT new.`notify` OR cards.`contacts_submitted` IS NOT new.`submitted`);
END;
--> statement-breakpoint
-- And this release's writes to the first card (the one under the account's id) reach `profiles`
-- and `contact_settings`, so a rollback shows the card as it is. The conditions stop the echo.
CREATE TRIGGER `cards_insert_profile` AFTER INSERT ON `cards` WHEN new.`id` = new.`user_id`
BEGIN
  INSERT INTO `profiles` (`user_id`, `username`, `name`, `bio`, `is_active`, `avatar_key`, `cover_key`, `theme_id`, `custom_theme`, `template_id`, `views`, `last_viewed_at`, `created_at`, `updated_at`, `avatar_original`, `cover_original`, `avatar_placeholder`, `cover_placeholder`, `taken_down_at`, `takedown_reason`, `job_title`, `company`, `phone`, `public_email`, `location`, `pronouns`, `language`, `count_shard`, `background_key`, `background_original`, `background_placeholder`)
  VALUES (new.`id`, new.`username`, new.`name`, new.`bio`, new.`is_active`, new.`avatar_key`, new.`cover_key`, new.`theme_id`, new.`custom_theme`, new.`template_id`, new.`views`, new.`last_viewed_at`, new.`created_at`, new.`updated_at`, new.`avatar_original`, new.`cover_original`, new.`avatar_placeholder`, new.`cover_placeholder`, new.`taken_down_at`, new.`takedown_reason`, new.`job_title`, new.`company`, new.`phone`, new.`public_email`, new.`location`, new.`pronouns`, new.`language`, new.`count_shard`, new.`background_key`, new.`background_original`, new.`background_placeholder`)
  ON CONFLICT(`user_id`) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `cards_update_profile` AFTER UPDATE ON `cards` WHEN new.`id` = new.`user_id`
BEGIN
  UPDATE `profiles` SET `username` = new.`username`, `name` = new.`name`, `bio` = new.`bio`, `is_active` = new.`is_active`, `avatar_key` = new.`avatar_key`, `cover_key` = new.`cover_key`, `theme_id` = new.`theme_id`, `custom_theme` = new.`custom_theme`, `template_id` = new.`template_id`, `views` = new.`views`, `last_viewed_at` = new.`last_viewed_at`, `created_at` = new.`created_at`, `updated_at` = new.`updated_at`, `avatar_original` = new.`avatar_original`, `cover_original` = new.`cover_original`, `avatar_placeholder` = new.`avatar_placeholder`, `cover_placeholder` = new.`cover_placeholder`, `taken_down_at` = new.`taken_down_at`, `takedown_reason` = new.`takedown_reason`, `job_title` = new.`job_title`, `company` = new.`company`, `phone` = new.`phone`, `public_email` = new.`public_email`, `location` = new.`location`, `pronouns` = new.`pronouns`, `language` = new.`language`, `count_shard` = new.`count_shard`, `background_key` = new.`background_key`, `background_original` = new.`background_original`, `background_placeholder` = new.`background_placeholder`
  WHERE `user_id` = new.`id` AND (profiles.`username` IS NOT new.`username` OR profiles.`name` IS NOT new.`name` OR profiles.`bio` IS NOT new.`bio` OR profiles.`is_active` IS NOT new.`is_active` OR profiles.`avatar_key` IS NOT new.`avatar_key` OR profiles.`cover_key` IS NOT new.`cover_key` OR profiles.`theme_id` IS NOT new.`theme_id` OR profiles.`custom_theme` IS NOT new.`custom_theme` OR profiles.`template_id` IS NOT new.`template_id` OR profiles.`views` IS NOT new.`views` OR profiles.`last_viewed_at` IS NOT new.`last_viewed_at` OR profiles.`created_at` IS NOT new.`created_at` OR profiles.`updated_at` IS NOT new.`updated_at` OR profiles.`avatar_original` IS NOT new.`avatar_original` OR profiles.`cover_original` IS NOT new.`cover_original` OR profiles.`avatar_placeholder` IS NOT new.`avatar_placeholder` OR profiles.`cover_placeholder` IS NOT new.`cover_placeholder` OR profiles.`taken_down_at` IS NOT new.`taken_down_at` OR profiles.`takedown_reason` IS NOT new.`takedown_reason` OR profiles.`job_title` IS NOT new.`job_title` OR profiles.`company` IS NOT new.`company` OR profiles.`phone` IS NOT new.`phone` OR profiles.`public_email` IS NOT new.`public_email` OR profiles.`location` IS NOT new.`location` OR profiles.`pronouns` IS NOT new.`pronouns` OR profiles.`language` IS NOT new.`language` OR profiles.`count_shard` IS NOT new.`count_shard` OR profiles.`background_key` IS NOT new.`background_key` OR profiles.`background_original` IS NOT new.`background_original` OR profiles.`background_placeholder` IS NOT new.`background_placeholder`);
  INSERT INTO `contact_settings` (`user_id`, `exchange`, `notify`, `submitted`)
  SELECT new.`id`, new.`contact_exchange`, new.`contact_notify`, new.`contacts_submitted`
  WHERE new.`contact_exchange` IS NOT old.`contact_exchange` OR new.`contact_notify` IS NOT old.`contact_notify` OR new.`contacts_submitted` IS NOT old.`contacts_submitted`
  ON CONFLICT(`user_id`) DO UPDATE SET `exchange` = excluded.`exchange`, `notify` = excluded.`notify`, `submitted` = excluded.`submitted`
  WHERE `exchange` IS NOT excluded.`exchange` OR `notify` IS NOT excluded.`notify` OR `submitted` IS NOT excluded.`submitted`;
END;
--> statement-breakpoint
CREATE TRIGGER `cards_delete_profile` AFTER DELETE ON `cards` WHEN old.`id` = old.`user_id`
BEGIN
  DELETE FROM `profiles` WHERE `user_id` = old.`id`;
  DELETE FROM `contact_settings` WHERE `user_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `links_card` AFTER INSERT ON `links` WHEN new.`card_id` IS NULL
BEGIN
  UPDATE `links` SET `card_id` = new.`user_id` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_card` AFTER INSERT ON `contacts` WHEN new.`card_id` IS NULL
BEGIN
  UPDATE `contacts` SET `card_id` = new.`user_id` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reports_card` AFTER INSERT ON `reports` WHEN new.`card_id` IS NULL
BEGIN
  UPDATE `reports` SET `card_id` = new.`user_id` WHERE `id` = new.`id`;
END;

