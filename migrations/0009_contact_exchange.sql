CREATE TABLE `contact_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`exchange` integer DEFAULT false NOT NULL,
	`notify` integer DEFAULT true NOT NULL,
	`submitted` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`visitor` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contacts_user_created` ON `contacts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_visitor` ON `contacts` (`user_id`,`visitor`);