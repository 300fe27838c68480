-- How light and dark an uploaded theme background is where the card's text sits (shared/backdrop.ts),
-- measured when it is uploaded. Null for every background of before: the card then takes it as
-- the worst image there is, as it does an https URL, until the owner uploads it again.
ALTER TABLE `cards` ADD `background_tones` text;