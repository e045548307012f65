-- Each move said in words, as its game's catalog says it (a phrase: a key and its values), kept
-- beside its notation so that logs and history read in every language. Older rows have none and
-- are read as their notation.
ALTER TABLE "Move" ADD COLUMN "notationPhrase" JSONB;
