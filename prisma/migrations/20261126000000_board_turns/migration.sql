-- One board message per hand-over: the version at which the current board message was posted,
-- so that the moves after it (the steps of the turn being played) can be shown on it.
ALTER TABLE "Game" ADD COLUMN "boardVersion" INTEGER;

-- What each move showed (its events' texts), so that a board posted at a hand-over can tell the
-- whole turn it follows, not only its last step.
ALTER TABLE "Move" ADD COLUMN "eventTexts" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
