-- Solo results say won or lost. The outcomes stored for finished solo games already said so the
-- way the engines do (a win: winners [0]; a loss: no winner and no draw; a draw: draw true), and
-- records now read them that way. What changes in the stored outcome is Two Deck Siege's reason,
-- now a sentence ("Every defender is dead") as the result shows it: finished games get the same.
UPDATE "Game"
SET "outcome" = jsonb_set("outcome", '{reason}', to_jsonb(upper(left("outcome"->>'reason', 1)) || substr("outcome"->>'reason', 2)))
WHERE "gameType" = 'two-deck-siege'
  AND "status" = 'FINISHED'
  AND jsonb_typeof("outcome"->'reason') = 'string'
  AND "outcome"->>'reason' ~ '^[a-z]';
