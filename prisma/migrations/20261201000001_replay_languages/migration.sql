-- A replay's frames are boards, drawn in a language: one kept replay per game, version and
-- language. Replays kept before were drawn in English.
ALTER TABLE "GameReplay" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en-US';
ALTER TABLE "GameReplay" DROP CONSTRAINT "GameReplay_pkey";
ALTER TABLE "GameReplay" ADD CONSTRAINT "GameReplay_pkey" PRIMARY KEY ("gameId", "version", "locale");
