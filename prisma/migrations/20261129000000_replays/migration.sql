-- Replays are made on request, not at a game's end: the first request draws the animation in a
-- render worker and keeps it here, and later requests send the same file.
CREATE TABLE "GameReplay" (
    "gameId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "frames" INTEGER NOT NULL,
    "positions" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameReplay_pkey" PRIMARY KEY ("gameId","version")
);

ALTER TABLE "GameReplay" ADD CONSTRAINT "GameReplay_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
