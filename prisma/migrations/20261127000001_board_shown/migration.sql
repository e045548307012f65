-- The version the live board message shows now (its buttons act on that version). A move saved
-- just before a crash leaves it behind "version": at start-up such boards are posted again.
ALTER TABLE "Game" ADD COLUMN "boardShownVersion" INTEGER;

-- Boards posted before this column existed are taken to show their game as it stands.
UPDATE "Game" SET "boardShownVersion" = "version" WHERE "boardMessageId" IS NOT NULL;
