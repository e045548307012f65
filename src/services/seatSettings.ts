// A player's own settings in a game (Dice Realms' standing defence policy): not moves, so kept
// beside the state (Game.seatSettings, one object per seat) and never in the move log. They act
// only through the answers they give at once (GameDefinition.settledMove), which are played and
// logged as ordinary moves of their seat, so the seed and the log still replay to the state.
import type { GameDefinition, GameEvent, Phrase, Seat, SeatSettings } from '../engine/contract.js';
import type { Db } from '../persistence/db.js';
import { loadGame } from './gameStore.js';
import { describeSeatPhrase, english, movePhraseOf, moveValue, phrase, settingChoicePhrase, settingLabelPhrase } from './phrases.js';
import type { GameSnapshot } from './types.js';

/** A move a seat's standing setting made for it at once (a defence policy answering an attack). */
export type StandingAnswer = { seat: Seat; move: unknown; notation: string; notationPhrase: Phrase | null; userId: string | null; events: GameEvent[] };

/** A seat's settings as they stand: what the player chose, else each setting's default. */
export function settingsOf(def: GameDefinition, game: Pick<GameSnapshot, 'seatSettings'>, seat: Seat): SeatSettings {
  const chosen = game.seatSettings?.[seat] ?? {};
  const out: SeatSettings = {};
  for (const spec of def.seatSettings ?? []) {
    const value = chosen[spec.name];
    out[spec.name] = typeof value === 'string' && spec.choices.some((c) => c.value === value) ? value : spec.default;
  }
  return out;
}

/**
 * The moves seats' standing settings make at once from `state`, in order, each played on the
 * last: a defence policy answering the attack that now waits for it. Stops at the first seat that
 * decides for itself.
 */
export function standingAnswers(
  def: GameDefinition,
  game: GameSnapshot,
  state: unknown,
): { answers: StandingAnswer[]; state: unknown } {
  const answers: StandingAnswer[] = [];
  for (let guard = 0; guard < 8 && def.settledMove && !def.outcome(state); guard++) {
    const toAct = def.toAct(state);
    if (toAct.length !== 1) break;
    const seat = toAct[0]!;
    const settings = settingsOf(def, game, seat);
    const move = def.settledMove(state, seat, settings);
    if (move === null || move === undefined) break;
    const played = def.play(state, seat, move);
    if (!played.ok) break;
    const notation = def.formatMove(state, seat, move);
    const notationPhrase = movePhraseOf(def, state, seat, move);
    // Each setting as the board's note on the seat says it: "Defence policy: Always strongest".
    const standing = (def.seatSettings ?? []).map((spec) => phrase('seat.note', { setting: settingLabelPhrase(def, spec), value: settingChoicePhrase(def, spec, settings[spec.name]!) }));
    const said = phrase('events.standing', { move: moveValue(notationPhrase, notation), seat: describeSeatPhrase(def, game, seat), settings: standing });
    const note: GameEvent = { type: 'standing-answer', text: english(said), phrase: said, seat, notation };
    const occupant = game.seats[seat];
    answers.push({ seat, move, notation, notationPhrase, userId: occupant?.kind === 'human' ? occupant.userId : null, events: [...played.value.events, note] });
    state = played.value.state;
  }
  return { answers, state };
}

/**
 * Writes one seat's setting, in one statement so that two players changing theirs at once both
 * keep their change (the array first gets an object for every seat up to this one). Returns the
 * game as it now is, or null when it is no longer running.
 */
export async function storeSetting(db: Db, gameId: number, seat: Seat, name: string, value: string): Promise<GameSnapshot | null> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE "Game" SET "seatSettings" = jsonb_set(
      (SELECT jsonb_agg(COALESCE("seatSettings" -> (i - 1), '{}'::jsonb) ORDER BY i)
         FROM generate_series(1, GREATEST(jsonb_array_length("seatSettings"), ${seat}::int + 1)) AS i),
      ARRAY[${String(seat)}::text, ${name}::text], to_jsonb(${value}::text))
    WHERE id = ${gameId} AND status = 'ACTIVE'
    RETURNING id`;
  return rows.length ? loadGame(db, gameId) : null;
}
