-- Move clocks, reminders, timeouts, vacations and direct-message notifications.

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "clockSeconds" INTEGER,
ADD COLUMN "turnStartedAt" TIMESTAMP(3),
ADD COLUMN "timedOutAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Challenge" ADD COLUMN "clockSeconds" INTEGER;

-- AlterTable
ALTER TABLE "GamePlayer" ADD COLUMN "lastRemindedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "UserSettings" (
    "userId" TEXT NOT NULL,
    "dmNotify" BOOLEAN NOT NULL DEFAULT false,
    "dmFailedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserSettings_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "Vacation" (
    "id" SERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Vacation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Vacation_userId_endsAt_idx" ON "Vacation"("userId", "endsAt");

-- AlterTable
ALTER TABLE "GuildSettings" DROP COLUMN "challengeExpiryHours",
ADD COLUMN "challengeExpiryMinutes" INTEGER,
ALTER COLUMN "defaultClock" SET DEFAULT '3d';
