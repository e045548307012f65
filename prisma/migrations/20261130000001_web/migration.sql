-- The web front: every game has an unguessable token naming its watch page (/g/<token>), and
-- says which front end it is played on ("discord", or "local": local play on the bot's own
-- HTTP server, with no Discord). A server may turn the watch pages of its games off.
ALTER TABLE "Game" ADD COLUMN "watchToken" TEXT;
ALTER TABLE "Game" ADD COLUMN "front" TEXT NOT NULL DEFAULT 'discord';

-- Games made before get a token now: two random UUIDs, 244 random bits (PostgreSQL's
-- gen_random_uuid draws from a strong random source); new games get 144 bits from the bot.
UPDATE "Game" SET "watchToken" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') WHERE "watchToken" IS NULL;

CREATE UNIQUE INDEX "Game_watchToken_key" ON "Game"("watchToken");

ALTER TABLE "GuildSettings" ADD COLUMN "webEnabled" BOOLEAN NOT NULL DEFAULT true;
