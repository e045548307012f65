-- One rematch per finished game, decided by the database: of presses that race (a double tap,
-- both players at once), one inserts the rematch challenge and the others hit this constraint.
-- Duplicates made before it existed keep only their first rematch as the game's rematch.
UPDATE "Challenge" AS c SET "rematchOf" = NULL
WHERE c."rematchOf" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "Challenge" AS d WHERE d."rematchOf" = c."rematchOf" AND d.id < c.id);

CREATE UNIQUE INDEX "Challenge_rematchOf_key" ON "Challenge"("rematchOf");
