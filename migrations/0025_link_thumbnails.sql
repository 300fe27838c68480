-- A link's thumbnail (decision 0100): a derivative set of this site, null for none, which every
-- stored link starts with; the previous release never names the column.
ALTER TABLE `links` ADD `thumbnail_key` text;