-- The daily siege: one deal a day per solo game for every player, from a secret kept here; each
-- player's one attempt a day per game, and its result; the leaderboard message of each server,
-- game and day (edited in place); and the server's daily settings.

-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN "dailyEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN "dailyChannelId" TEXT;

-- CreateTable
CREATE TABLE "DailySecret" (
    "id" INTEGER NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DailySecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DailyAttempt" (
    "id" SERIAL NOT NULL,
    "day" TEXT NOT NULL,
    "gameType" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ranked" BOOLEAN NOT NULL DEFAULT true,
    "gameId" INTEGER,
    "closesAt" TIMESTAMP(3) NOT NULL,
    "score" DOUBLE PRECISION,
    "turns" INTEGER,
    "won" BOOLEAN,
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DailyAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DailyBoard" (
    "guildId" TEXT NOT NULL,
    "gameType" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DailyBoard_pkey" PRIMARY KEY ("guildId","gameType","day")
);

-- CreateIndex
CREATE UNIQUE INDEX "DailyAttempt_gameId_key" ON "DailyAttempt"("gameId");

-- CreateIndex
CREATE UNIQUE INDEX "DailyAttempt_userId_gameType_day_key" ON "DailyAttempt"("userId", "gameType", "day");

-- CreateIndex
CREATE INDEX "DailyAttempt_guildId_gameType_day_idx" ON "DailyAttempt"("guildId", "gameType", "day");

-- CreateIndex
CREATE INDEX "DailyAttempt_finishedAt_closesAt_idx" ON "DailyAttempt"("finishedAt", "closesAt");
