-- Logins on the web (README, "Playing your Discord games in the browser"): a member who logged in
-- with Discord on a watch page has a session here, named by a random id that only their browser
-- holds; the table keeps only the id's SHA-256, so that a copy of the database logs nobody in.
-- No Discord token is kept.

-- CreateTable
CREATE TABLE "WebSession" (
    "idHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebSession_pkey" PRIMARY KEY ("idHash")
);

-- CreateIndex
CREATE INDEX "WebSession_userId_createdAt_idx" ON "WebSession"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "WebSession_expiresAt_idx" ON "WebSession"("expiresAt");
