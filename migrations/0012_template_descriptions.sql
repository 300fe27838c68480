-- Compact's description now says plainly what the template draws. The seed only inserts
-- missing rows, so a stored catalogue's text changes here; only the text as first seeded is replaced.
UPDATE `templates` SET `description` = 'One column, right-aligned: your photo, name and bio against the right edge, your links below.' WHERE `id` = 7 AND `description` = 'One column with your photo, name and bio aligned to the right.';
