-- When the waiting reminder and timeout jobs of a game come due. A move re-arms a game's clock
-- jobs only when they would come too late for its new turn (a job that comes early finds its
-- turn not yet due and arms itself again), so most moves write no job at all. NULL: none armed;
-- the first start with these columns arms every running clocked game once.

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "reminderJobAt" TIMESTAMP(3), ADD COLUMN "timeoutJobAt" TIMESTAMP(3);
ALTER TABLE "Game" DROP COLUMN "clockArmedVersion";
