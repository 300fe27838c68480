ALTER TABLE `profiles` ADD `avatar_original` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `cover_original` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `avatar_placeholder` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `cover_placeholder` text;