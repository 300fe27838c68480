CREATE TABLE `org_templates` (
	`org_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`theme_id` integer,
	`custom_theme` text,
	`template_id` integer,
	`rules` text NOT NULL,
	`locked_values` text NOT NULL,
	`required_links` text NOT NULL,
	`updated_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`theme_id`) REFERENCES `themes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `cards` ADD `org_template_id` text;--> statement-breakpoint
ALTER TABLE `cards` ADD `org_hidden` text;--> statement-breakpoint
ALTER TABLE `links` ADD `org_link` integer;