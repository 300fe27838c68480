-- Saves of the contact (the card's vCard downloaded), counted per card and day as views and
-- clicks are (worker/services/events/rollup-sql.ts). Every row of before counts none; the
-- release before this one never names the column, so its folds still land (default 0).
ALTER TABLE `daily_stats` ADD `saves` integer DEFAULT 0 NOT NULL;
