CREATE TABLE `account_deletions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_id` text,
	`target_label` text,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `blocklist` (
	`value` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`added_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blocklist_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`feed_fetched_at` integer,
	`list_version` text,
	`scanned_version` text,
	`scan_cursor` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`resolution` text,
	`resolved_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reports_open` ON `reports` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_user` ON `reports` (`user_id`);--> statement-breakpoint
ALTER TABLE `links` ADD `flagged_at` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `flagged_by` text;--> statement-breakpoint
CREATE INDEX `links_flagged` ON `links` (`flagged_at`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `taken_down_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `takedown_reason` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `second_factor` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'user' NOT NULL;