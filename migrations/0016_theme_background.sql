ALTER TABLE `profiles` ADD `background_key` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `background_original` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `background_placeholder` text;