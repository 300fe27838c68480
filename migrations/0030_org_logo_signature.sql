ALTER TABLE `cards` ADD `signature_layout` text;--> statement-breakpoint
ALTER TABLE `org_templates` ADD `logo_key` text;--> statement-breakpoint
ALTER TABLE `org_templates` ADD `logo_original` text;--> statement-breakpoint
ALTER TABLE `org_templates` ADD `logo_placeholder` text;--> statement-breakpoint
ALTER TABLE `org_templates` ADD `signature_layout` text;