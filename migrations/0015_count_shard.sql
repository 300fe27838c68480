-- A card's counting database (docs/decisions/0071); every card of before is counted in shard 0.
ALTER TABLE `profiles` ADD `count_shard` integer DEFAULT 0 NOT NULL;