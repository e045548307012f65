-- Beside the English text of each event a move showed, the phrase that says it in every language
-- (shared/ENGINE.md: a catalog key and its values), or null where the event has none. Moves saved
-- before have none: their texts are shown as they were written.
ALTER TABLE "Move" ADD COLUMN "eventPhrases" JSONB NOT NULL DEFAULT '[]';
