-- The game version whose reminder and timeout jobs were last armed. A crash between saving a
-- move and arming its jobs leaves it behind the game's version, and start-up arms them then.
-- Existing games start at NULL, so the first start with this column arms every clocked game once.

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "clockArmedVersion" INTEGER;
