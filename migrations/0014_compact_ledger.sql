-- The compact ledger (docs/decisions/0072): WITHOUT ROWID added by hand, drizzle-kit does not write it.
CREATE TABLE `rollup_compaction` (
	`id` integer PRIMARY KEY NOT NULL,
	`month` integer NOT NULL,
	`after` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seen_events` (
	`hour` integer NOT NULL,
	`id` blob NOT NULL,
	PRIMARY KEY(`hour`, `id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `seen_visitors` (
	`day` integer NOT NULL,
	`visitor` blob NOT NULL,
	`clicked` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `visitor`)
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `daily_breakdowns` ADD `days` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_link_clicks` ADD `days` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_stats` ADD `days` integer DEFAULT 1 NOT NULL;