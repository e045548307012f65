-- The language of a server's public messages (null: the server's own), and of a member's direct
-- messages (their client's, as last seen).
ALTER TABLE "GuildSettings" ADD COLUMN "language" TEXT;
ALTER TABLE "UserSettings" ADD COLUMN "locale" TEXT;
