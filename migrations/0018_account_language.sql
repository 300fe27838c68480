-- The account's own language, the dashboard's and the e-mails' (docs/decisions/0091-cards-apart-from-accounts.md).
-- Null until the account chooses one: it then speaks its primary card's language, as before.
ALTER TABLE `users` ADD `language` text;