-- One board message per hand-over: the version at which the current board message was posted,
-- so that the moves after it (the steps of the turn being played) can be shown on it.
ALTER TABLE "Game" ADD COLUMN "boardVersion" INTEGER;

-- What each move showed (its events' texts), so that a board posted at a hand-over can tell the
-- whole turn it follows, not only its last step.
ALTER TABLE "Move" ADD COLUMN "eventTexts" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- A rematch swaps colours: the member who asks for it may play the second seat.
ALTER TABLE "Challenge" ADD COLUMN "challengerSeat" INTEGER NOT NULL DEFAULT 0;
-- The finished game a rematch challenge repeats: one open rematch per game.
ALTER TABLE "Challenge" ADD COLUMN "rematchOf" INTEGER;
