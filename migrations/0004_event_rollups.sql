CREATE TABLE `daily_breakdowns` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`facet` text NOT NULL,
	`name` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `facet`, `day`, `name`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_link_clicks` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`link_id` integer NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `link_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_stats` (
	`user_id` text NOT NULL,
	`day` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`clickers` integer DEFAULT 0 NOT NULL,
	`last_view_at` integer,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `events_user_kind_at`;--> statement-breakpoint
DROP INDEX `events_link`;--> statement-breakpoint
CREATE INDEX `events_user_visitor` ON `events` (`user_id`,`visitor`);--> statement-breakpoint
CREATE INDEX `events_at` ON `events` (`at`);