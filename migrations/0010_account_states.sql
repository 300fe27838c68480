CREATE TABLE `notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notices_created` ON `notices` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `activated_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `report_id` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `resolved_by` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `resolution_reason` text;--> statement-breakpoint
-- Backfill (docs/decisions: account states). Only adds: the code before this release reads
-- none of these columns, so applying it before the deploy changes nothing for that code.
-- Active accounts were let in when they signed up, as far as anyone can tell now.
UPDATE `users` SET `activated_at` = `created_at` WHERE `status` = 'active' AND `activated_at` IS NULL;
--> statement-breakpoint
-- A pending account that ever signed in, kept links or was deactivated by an operator was active
-- once: it is deactivated, not a sign-up (so Reject, which deletes, is never offered for it).
UPDATE `users` SET `activated_at` = `created_at`, `deactivated_at` = `updated_at`
WHERE `status` = 'pending' AND `deactivated_at` IS NULL AND (
  EXISTS (SELECT 1 FROM `sessions` WHERE `sessions`.`user_id` = `users`.`id`)
  OR EXISTS (SELECT 1 FROM `refresh_tokens` WHERE `refresh_tokens`.`user_id` = `users`.`id`)
  OR EXISTS (SELECT 1 FROM `links` WHERE `links`.`user_id` = `users`.`id`)
  OR EXISTS (SELECT 1 FROM `audit_log` WHERE `audit_log`.`target_id` = `users`.`id` AND `audit_log`.`action` IN ('activate', 'deactivate'))
);
