-- A member's wish to have the boards where they act come with the position in words
-- (`/siege settings board:text`).
ALTER TABLE "UserSettings" ADD COLUMN "boardText" BOOLEAN NOT NULL DEFAULT false;
