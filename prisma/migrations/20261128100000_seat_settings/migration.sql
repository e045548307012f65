-- Each player's own settings in a game (Dice Realms' standing defence policy), one JSON object
-- per seat. They are not moves: they live beside the state, outside it and the move log.
ALTER TABLE "Game" ADD COLUMN "seatSettings" JSONB NOT NULL DEFAULT '[]';

-- One object per seat for every game. A Dice Realms game carries its players' policies over
-- from its state, where the policy lived while it was a move.
UPDATE "Game" AS g SET "seatSettings" = COALESCE((
  SELECT jsonb_agg(
    CASE WHEN g."gameType" = 'dice-realms' AND jsonb_typeof(g.state -> 'policies') = 'array'
         THEN jsonb_build_object('defence', COALESCE(g.state -> 'policies' -> (t.n::int - 1), '"ask"'::jsonb))
         ELSE '{}'::jsonb END
    ORDER BY t.n)
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(g.seats) = 'array' THEN g.seats ELSE '[]'::jsonb END) WITH ORDINALITY AS t(seat, n)
), '[]'::jsonb);

UPDATE "Game" SET state = state - 'policies' WHERE "gameType" = 'dice-realms' AND state ? 'policies';
