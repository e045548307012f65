// Moves, from any source: a member's (a button, a typed command, a web page), the moves the rules
// force after it, the AI's answers, and a player's own settings with what they answer at once.
// Each is checked, saved on the version it was played on, published once, and settled.
import type { Phrase } from '../engine/contract.js';
import { ok, type Result } from '../engine/result.js';
import type { MoveApplied, MoveInput, PreparedMove } from '../services/games.js';
import { settingChoicePhrase, settingDescriptionPhrase, settingLabelPhrase } from '../services/phrases.js';
import type { Actor, GameSnapshot } from '../services/types.js';
import type { MasterContext } from './context.js';
import type { ChangeOrigin, Receipt } from './events.js';

/** Where a move was made: counted per source, and told apart in the logs. */
export type MoveSource = 'button' | 'command' | 'web' | 'ai' | 'forced';

export type MoveRequest = {
  gameId: number;
  actor: Actor;
  input: MoveInput;
  /** The version the player saw (a button's); another current version is refused as out of date. */
  expectedVersion?: number;
  /** The game as the caller just loaded it, to save a read. */
  loaded?: GameSnapshot;
  source: MoveSource;
  origin?: ChangeOrigin;
  /** Called once the move is saved and before its board follows: a front end may confirm it here. */
  saved?(applied: MoveApplied): Promise<void>;
};

export type MovePlayed = {
  prepared: PreparedMove;
  applied: MoveApplied;
  /** Moves the rules then forced, or standing settings answered, after it. */
  forced: MoveApplied[];
  receipt: Receipt;
};

export type SettingChanged = {
  game: GameSnapshot;
  seat: number;
  /** The setting's name as typed (`defence`). */
  name: string;
  /** The setting's name, its value as typed, and what that value does, in English. */
  label: string;
  value: string;
  description: string;
  /** The same in any language, from the game's catalog: "Defence policy", "Always strongest", what it does. */
  labelPhrase: Phrase;
  valuePhrase: Phrase;
  descriptionPhrase: Phrase;
  /** The setting already had that value: nothing changed. */
  same: boolean;
  /** The moves the new setting answered at once. */
  answered: MoveApplied[];
};

export function createMoveVerbs(m: MasterContext, onMove: (gameType: string, source: MoveSource) => void) {
  const { services, log } = m;
  const aiRunning = new Set<number>();

  /** Plays what the rules force after `after`, saved as each player's move. */
  async function forcedAfter(after: MoveApplied | { game: GameSnapshot }): Promise<MoveApplied[]> {
    const forced = await services.games.playForcedMoves(after);
    for (const f of forced) onMove(f.game.gameType, 'forced');
    return forced;
  }

  /**
   * Checks a move without saving it. A front end may look at it first (does it end the turn?) and
   * acknowledge the player before `commitMove` saves it: nothing about a move is shown before then.
   */
  async function prepareMove(request: Omit<MoveRequest, 'source' | 'origin' | 'saved'>): Promise<Result<PreparedMove>> {
    return services.games.prepareMove(request);
  }

  /**
   * Plays a move: checked, saved on top of the version it was played on, followed by what the
   * rules force, published, settled. An error (not your turn, illegal, out of date, a double
   * press that lost the race) changes nothing.
   */
  async function playMove(request: MoveRequest): Promise<Result<MovePlayed>> {
    const prepared = await services.games.prepareMove(request);
    if (!prepared.ok) return prepared;
    return commitMove(prepared.value, request);
  }

  /** Saves and publishes a move `prepareMove` checked, on the version it was checked on. */
  async function commitMove(prepared: PreparedMove, request: Pick<MoveRequest, 'source' | 'origin' | 'saved'>): Promise<Result<MovePlayed>> {
    const applied = await services.games.commitPrepared(prepared);
    if (!applied.ok) return applied;
    onMove(prepared.game.gameType, request.source);
    await request.saved?.(applied.value);
    const forced = await forcedAfter(applied.value);
    const mover = prepared.actor.kind === 'user' ? prepared.actor.userId : null;
    const receipt = await m.publishAndSettle(m.eventOfMoves([applied.value, ...forced], mover, request.origin));
    return ok({ prepared, applied: applied.value, forced, receipt });
  }

  /**
   * Plays the owed AI moves of a game (the AI thinks in a worker), then the moves the rules force
   * on its opponent, and publishes one event when the game is handed back or ends. A second
   * call while one runs for the game does nothing: the running one plays every owed move.
   */
  async function runAiTurns(gameId: number): Promise<void> {
    if (aiRunning.has(gameId)) return;
    aiRunning.add(gameId);
    const moves: MoveApplied[] = [];
    try {
      await services.games.playAiTurns(gameId, async (applied) => {
        moves.push(applied);
        onMove(applied.game.gameType, 'ai');
      });
      if (moves.length) moves.push(...(await forcedAfter(moves[moves.length - 1]!)));
    } finally {
      aiRunning.delete(gameId);
    }
    if (!moves.length) return;
    await m.publishAndSettle(m.eventOfMoves(moves, null));
  }

  /**
   * Changes one of a player's own settings in a game (not a move), and plays what it answers at
   * once (an attack already waiting for this player's defender). The board follows: the answered
   * moves' change, or the same board redrawn with the new setting.
   */
  async function changeSetting(input: {
    gameId: number;
    userId: string;
    name: string;
    value: string;
    origin?: ChangeOrigin;
    /** Called once the change is saved and before the board follows: the player is answered first. */
    saved?(change: SettingChanged): Promise<void>;
  }): Promise<Result<SettingChanged>> {
    const changed = await services.games.changeSetting(input);
    if (!changed.ok) return changed;
    const c = changed.value;
    const same = c.before === c.value;
    const answered = same ? [] : await forcedAfter({ game: c.game });
    const game = answered.at(-1)?.game ?? c.game;
    const description = c.spec.choices.find((x) => x.value === c.value)?.description ?? '';
    const result: SettingChanged = {
      game, seat: c.seat, name: c.spec.name, label: c.spec.label, value: c.value, description, same, answered,
      labelPhrase: settingLabelPhrase(c.def, c.spec),
      valuePhrase: settingChoicePhrase(c.def, c.spec, c.value),
      descriptionPhrase: settingDescriptionPhrase(c.def, c.spec, c.value),
    };
    await input.saved?.(result);
    if (answered.length) await m.publishAndSettle(m.eventOfMoves(answered, input.userId, input.origin));
    else if (!same) await m.publish({ type: 'moved', game, previous: c.game, moves: [], origin: input.origin });
    log.debug(`setting ${c.spec.name} of seat ${c.seat} in game ${c.game.id}: ${c.before} → ${c.value}`, { gameId: c.game.id });
    return ok(result);
  }

  return { prepareMove, playMove, commitMove, runAiTurns, changeSetting };
}
