CREATE TABLE `custom_hostnames` (
	`id` text PRIMARY KEY NOT NULL,
	`card_id` text,
	`hostname` text NOT NULL,
	`cloudflare_id` text,
	`status` text NOT NULL,
	`ssl_status` text NOT NULL,
	`records` text DEFAULT '[]' NOT NULL,
	`problems` text DEFAULT '[]' NOT NULL,
	`notified` text,
	`created_at` integer NOT NULL,
	`checked_at` integer,
	`next_check_at` integer NOT NULL,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_hostnames_hostname_unique` ON `custom_hostnames` (`hostname`);--> statement-breakpoint
CREATE UNIQUE INDEX `custom_hostnames_card_unique` ON `custom_hostnames` (`card_id`);--> statement-breakpoint
CREATE INDEX `custom_hostnames_next_check` ON `custom_hostnames` (`next_check_at`);