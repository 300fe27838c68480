ALTER TABLE `links` ADD `thumbnail_key` text;--> statement-breakpoint
ALTER TABLE `links` ADD `display` text DEFAULT 'button' NOT NULL;