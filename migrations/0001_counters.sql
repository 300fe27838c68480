CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`link_id` integer,
	`at` integer NOT NULL,
	`visitor` text NOT NULL,
	`country` text,
	`referrer` text,
	`device` text NOT NULL,
	`channel` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_user_kind_at` ON `events` (`user_id`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `events_link` ON `events` (`link_id`);