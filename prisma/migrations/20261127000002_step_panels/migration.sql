-- A player's open private step panel in a game: at most one. A second press that opens a step
-- reuses it (a double tap included), and a finished move removes it. The interaction token that
-- can still edit or remove it (Discord keeps one valid for 15 minutes) is kept with it.
CREATE TABLE "StepPanel" (
    "gameId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "tokenAt" TIMESTAMP(3) NOT NULL,
    "messageId" TEXT NOT NULL,
    "ref" TEXT NOT NULL,

    CONSTRAINT "StepPanel_pkey" PRIMARY KEY ("gameId","userId")
);

ALTER TABLE "StepPanel" ADD CONSTRAINT "StepPanel_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
