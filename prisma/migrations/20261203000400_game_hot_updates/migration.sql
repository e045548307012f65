-- Every move updates its game's row twice (the commit, then the board it shows). PostgreSQL can
-- write such an update beside the old row on the same page without touching any index (a "HOT"
-- update) when no indexed column changes and the page has room. The index on (status, deadlineAt)
-- served no query (clocks are jobs), yet every hand-over changes deadlineAt, which made each commit
-- insert into every index of the table; and pages filled to the brim left no room.

-- DropIndex
DROP INDEX IF EXISTS "Game_status_deadlineAt_idx";

-- Room on each page for the next versions of its rows (applies to pages written from now on).
ALTER TABLE "Game" SET (fillfactor = 70);
