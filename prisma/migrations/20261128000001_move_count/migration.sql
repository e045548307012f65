-- One move count everywhere: the moves standing (played, less those undone or taken back), kept
-- beside the version so that a board needs no count of the log. Each undo or accepted takeback
-- row cancels one standing move (src/services/replay.ts), so existing games count their log.
ALTER TABLE "Game" ADD COLUMN "moveCount" INTEGER NOT NULL DEFAULT 0;

UPDATE "Game" AS g
SET "moveCount" = GREATEST(0, m.standing)
FROM (
  SELECT "gameId", SUM(CASE WHEN "kind" = 'move' THEN 1 ELSE -1 END)::INTEGER AS standing
  FROM "Move"
  GROUP BY "gameId"
) AS m
WHERE g."id" = m."gameId";
