-- Tournaments over days (src/tournaments/): a sign-up, then Swiss or round-robin rounds that start
-- themselves. A round is made with its pairings in one transaction; its key, and the pairings'
-- (one row per tournament, round and player), make a round paired twice, or by two processes at
-- once, impossible. The server's settings say who may organise one and how many may run at once.

-- CreateEnum
CREATE TYPE "TournamentStatus" AS ENUM ('SIGNUP', 'RUNNING', 'FINISHED', 'CANCELLED');

-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN "tournamentRoleId" TEXT,
ADD COLUMN "maxTournaments" INTEGER NOT NULL DEFAULT 3;

-- CreateTable
CREATE TABLE "Tournament" (
    "id" SERIAL NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "gameType" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "clockSeconds" INTEGER,
    "roundDays" INTEGER NOT NULL,
    "roundCount" INTEGER,
    "maxPlayers" INTEGER NOT NULL,
    "organiserId" TEXT NOT NULL,
    "status" "TournamentStatus" NOT NULL DEFAULT 'SIGNUP',
    "signupClosesAt" TIMESTAMP(3) NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 0,
    "signupMessageId" TEXT,
    "standingsMessageId" TEXT,
    "webToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentPlayer" (
    "tournamentId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rating" DOUBLE PRECISION,
    "seed" INTEGER,
    "timeouts" INTEGER NOT NULL DEFAULT 0,
    "withdrawnAt" TIMESTAMP(3),
    "withdrawal" TEXT,

    CONSTRAINT "TournamentPlayer_pkey" PRIMARY KEY ("tournamentId","userId")
);

-- CreateTable
CREATE TABLE "TournamentRound" (
    "tournamentId" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "deadlineAt" TIMESTAMP(3) NOT NULL,
    "messageId" TEXT,
    "announcedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "TournamentRound_pkey" PRIMARY KEY ("tournamentId","round")
);

-- CreateTable
CREATE TABLE "TournamentPairing" (
    "tournamentId" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "board" INTEGER NOT NULL,
    "colour" TEXT NOT NULL,
    "opponentId" TEXT,
    "gameId" INTEGER,
    "result" TEXT NOT NULL DEFAULT 'pending',
    "forfeit" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentPairing_pkey" PRIMARY KEY ("tournamentId","round","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tournament_webToken_key" ON "Tournament"("webToken");

-- CreateIndex
CREATE INDEX "Tournament_guildId_status_idx" ON "Tournament"("guildId", "status");

-- CreateIndex
CREATE INDEX "Tournament_status_idx" ON "Tournament"("status");

-- CreateIndex
CREATE INDEX "TournamentPlayer_userId_idx" ON "TournamentPlayer"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentPairing_tournamentId_round_board_colour_key" ON "TournamentPairing"("tournamentId", "round", "board", "colour");

-- CreateIndex
CREATE INDEX "TournamentPairing_gameId_idx" ON "TournamentPairing"("gameId");

-- AddForeignKey
ALTER TABLE "TournamentPlayer" ADD CONSTRAINT "TournamentPlayer_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentRound" ADD CONSTRAINT "TournamentRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentPairing" ADD CONSTRAINT "TournamentPairing_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;
