-- Tournaments (src/tournaments/): each player's final place, kept when a tournament ends (what
-- /siege stats and /siege history show), and the arena for the solo games: one row per player and
-- deal in "TournamentPairing" (colour "solo"), its score and the time its game took once played.

-- AlterTable
ALTER TABLE "TournamentPlayer" ADD COLUMN "place" INTEGER;

-- AlterTable
ALTER TABLE "TournamentPairing" ADD COLUMN "score" DOUBLE PRECISION,
ADD COLUMN "durationMs" DOUBLE PRECISION;
