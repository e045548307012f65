-- One member cannot flood a server with challenges or new games (each limit a server setting):
-- one pending challenge per pair of members and game, at most `maxPendingChallenges` pending
-- challenges per challenger, and at most `gamesPerHour` new games (starts, challenges, dailies)
-- per member in any hour, counted from the rows of "GameStart".
ALTER TABLE "GuildSettings" ADD COLUMN "maxPendingChallenges" INTEGER NOT NULL DEFAULT 5;
ALTER TABLE "GuildSettings" ADD COLUMN "gamesPerHour" INTEGER NOT NULL DEFAULT 10;

-- Pending challenges made twice between the same two members in one game before this index
-- existed: the oldest stays, the others are withdrawn.
UPDATE "Challenge" AS c SET status = 'CANCELLED'
WHERE c.status = 'PENDING'
  AND EXISTS (
    SELECT 1 FROM "Challenge" AS d
    WHERE d.status = 'PENDING' AND d.id < c.id AND d."guildId" = c."guildId" AND d."gameType" = c."gameType"
      AND LEAST(d."challengerId", d."opponentId") = LEAST(c."challengerId", c."opponentId")
      AND GREATEST(d."challengerId", d."opponentId") = GREATEST(c."challengerId", c."opponentId"));

-- Which of the two challenged the other does not matter: a challenge either way is the pair's.
-- (schema.prisma cannot describe an index on expressions; this one lives here only.)
CREATE UNIQUE INDEX "Challenge_pending_pair_key" ON "Challenge"
  ("guildId", "gameType", LEAST("challengerId", "opponentId"), GREATEST("challengerId", "opponentId"))
  WHERE status = 'PENDING';

CREATE INDEX "Challenge_guildId_challengerId_status_idx" ON "Challenge"("guildId", "challengerId", "status");

CREATE TABLE "GameStart" (
    "id" SERIAL NOT NULL,
    "guildId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "ref" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameStart_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "GameStart_guildId_userId_createdAt_idx" ON "GameStart"("guildId", "userId", "createdAt");
CREATE INDEX "GameStart_ref_idx" ON "GameStart"("ref");
