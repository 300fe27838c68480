-- The company logo of a card (docs/product.md §5, Profile): three nullable columns on `cards` only;
-- `profiles` and the previous release know nothing of it, so its triggers stay as they are.
ALTER TABLE `cards` ADD `logo_key` text;--> statement-breakpoint
ALTER TABLE `cards` ADD `logo_original` text;--> statement-breakpoint
ALTER TABLE `cards` ADD `logo_placeholder` text;