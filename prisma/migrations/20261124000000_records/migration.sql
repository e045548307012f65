-- Records: Glicko-2 ratings per server, game and member; the rating change each rated game made;
-- when a finished game's records were written; and what undo and takebacks need in the move log.
--
-- Ratings of the games finished before this migration are not computed here: Glicko-2's
-- volatility step is an iterative root search, which plain SQL cannot express reasonably. Those
-- games keep "recordedAt" NULL, and the bot rates them once at start-up, oldest first, with the
-- same code that rates a game as it ends (src/services/records/backfill.ts), setting "recordedAt".

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "recordedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Move" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'move',
ADD COLUMN "revealed" BOOLEAN NOT NULL DEFAULT false;

-- Moves saved before this migration did not record whether they revealed something random or
-- hidden: count them as revealing, so that undo never steps back across them.
UPDATE "Move" SET "revealed" = true;

-- CreateTable
CREATE TABLE "Rating" (
    "guildId" TEXT NOT NULL,
    "gameType" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL DEFAULT 1500,
    "rd" DOUBLE PRECISION NOT NULL DEFAULT 350,
    "vol" DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    "games" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("guildId","gameType","userId")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "gameId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "ratingBefore" DOUBLE PRECISION NOT NULL,
    "rdBefore" DOUBLE PRECISION NOT NULL,
    "ratingAfter" DOUBLE PRECISION NOT NULL,
    "rdAfter" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("gameId","userId")
);

-- CreateIndex
CREATE INDEX "Rating_guildId_gameType_rating_idx" ON "Rating"("guildId", "gameType", "rating");

-- CreateIndex
CREATE INDEX "Game_guildId_gameType_status_idx" ON "Game"("guildId", "gameType", "status");

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
