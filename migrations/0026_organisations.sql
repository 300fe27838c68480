CREATE TABLE `org_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_audit_org` ON `org_audit` (`org_id`,`id`);--> statement-breakpoint
CREATE TABLE `org_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`email` text NOT NULL,
	`card_id` text,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`invited_by` text NOT NULL,
	`sent_at` integer,
	`sends` integer DEFAULT 0 NOT NULL,
	`claimed_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_invitations_open` ON `org_invitations` (`org_id`,`email`) WHERE "org_invitations"."status" != 'withdrawn';--> statement-breakpoint
CREATE INDEX `org_invitations_email` ON `org_invitations` (`email`);--> statement-breakpoint
CREATE TABLE `org_members` (
	`org_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `user_id`),
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `org_members_user` ON `org_members` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `org_members_owner` ON `org_members` (`org_id`) WHERE "org_members"."role" = 'owner';--> statement-breakpoint
CREATE TABLE `organisations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`holder_id` text NOT NULL,
	`seats` integer DEFAULT 25 NOT NULL,
	`invite_link_hash` text,
	`moved_on_url` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`holder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organisations_slug_unique` ON `organisations` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `organisations_holder` ON `organisations` (`holder_id`);--> statement-breakpoint
ALTER TABLE `cards` ADD `org_id` text;--> statement-breakpoint
ALTER TABLE `cards` ADD `paused_at` integer;--> statement-breakpoint
CREATE INDEX `cards_org` ON `cards` (`org_id`);