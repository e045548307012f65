// What every verb of the game master shares: the services below it, the subscribers it tells what
// happened (through `publish` and `notify`), and `settle`, which follows every change of a game: its
// clock jobs re-armed for the turn as it now stands, the AI asked for its move when one is owed, and
// a finished daily siege's result recorded and announced.
import type { Logger } from '../config/logger.js';
import type { GameDefinition, Outcome, Phrase, Seat } from '../engine/contract.js';
import { AI_MARK, type GameSnapshot } from '../services/types.js';
import { clockWakes, HOUR_MS, wakesServed, type ClockWakes } from '../services/clocks.js';
import type { MoveApplied } from '../services/games.js';
import { describeSeatPhrase, english, moveValue, phrase } from '../services/phrases.js';
import { isDailyGame } from '../services/daily.js';
import { dailyRules } from '../services/dailyRules.js';
import { createKeyedLock } from '../services/keyedLock.js';
import type { Services } from '../services/index.js';
import { plainOrigin, type BoardEvent, type ChangeOrigin, type Finished, type MasterEvent, type MasterSubscriber, type Notice, type Receipt } from './events.js';
import type { JobPort } from './port.js';

export type MasterPorts = {
  /** Those told every event from the start (the front ends); others may `subscribe` later. */
  subscribers: MasterSubscriber[];
  jobs: JobPort;
  log: Logger;
};

export type MasterContext = ReturnType<typeof createMasterContext>;

/** The members who must act now in `game`, but not the one who just moved: who a new board is news to. */
export function freshlyToAct(game: GameSnapshot, mover: string | null): string[] {
  if (game.status !== 'ACTIVE') return [];
  return [...new Set(game.toActUserIds.filter((id) => id !== AI_MARK && id !== mover))];
}

/** "Red (<@1>) played F7 E.", the line a retired board keeps, in any language. */
export function playedPhrase(def: Pick<GameDefinition, 'id'>, game: Pick<GameSnapshot, 'seats'>, seat: Seat, notation: string, notationPhrase: Phrase | null = null): Phrase {
  return phrase('headline.played', { seat: describeSeatPhrase(def, game, seat), move: moveValue(notationPhrase, notation) });
}

/** The line a retired board keeps, in English. */
export function playedText(m: MoveApplied): string {
  return english(playedPhrase(m.def, m.previous, m.seat, m.notation, m.notationPhrase));
}

/** A finished game's outcome: the services save one with every end. */
export function outcomeOf(game: GameSnapshot): Outcome {
  if (!game.outcome) throw new Error(`game ${game.id} v${game.version} is finished but has no outcome`);
  return game.outcome;
}

export function createMasterContext(services: Services, ports: MasterPorts) {
  const { jobs, log } = ports;
  const subscribers = new Set(ports.subscribers);
  const arming = createKeyedLock();

  /** Tells one more subscriber every event from now on; returns how to stop telling it. */
  function subscribe(subscriber: MasterSubscriber): () => void {
    subscribers.add(subscriber);
    return () => void subscribers.delete(subscriber);
  }

  /**
   * Tells every subscriber an event, together; one that fails is told to `failed` (which logs it)
   * and the others go on (the change is saved already). Each answer is kept by the front end that gave it.
   */
  async function tell(event: MasterEvent, failed: (s: MasterSubscriber, e: unknown) => void): Promise<{ front: string; receipt: Receipt | void }[]> {
    // Only data travels: the origin as the caller passed it stays here.
    const told = 'origin' in event && event.origin ? { ...event, origin: plainOrigin(event.origin) } : event;
    return Promise.all([...subscribers].map(async (s) => {
      try {
        return { front: s.front, receipt: await s.hear(told) };
      } catch (e) {
        failed(s, e);
        return { front: s.front, receipt: undefined };
      }
    }));
  }

  /** Tells a board event; the receipt is the answer of the front end it came from (else the first's). */
  async function publish(event: BoardEvent): Promise<Receipt> {
    const { game } = event;
    const heard = await tell(event, (s, e) => log.warn(`the ${s.front} board of game ${game.id} v${game.version} could not be shown`, { err: e, gameId: game.id }));
    const own = heard.find((h) => h.front === event.origin?.front) ?? heard[0];
    return own?.receipt ?? { shown: false };
  }

  async function notify(notice: Notice): Promise<void> {
    await tell(notice, (s, e) => log.warn(`a ${notice.type} notice could not be shown by ${s.front}`, { err: e }));
  }

  async function graceMs(guildId: string | null): Promise<number> {
    return (await services.settings.guild(guildId)).timeoutGraceHours * HOUR_MS;
  }

  /**
   * Per running game armed here (a game's clock is armed by the process serving its guild alone):
   * the newest version armed, and when its waiting jobs come due.
   */
  const armedHere = new Map<number, { version: number; wakes: ClockWakes }>();

  /**
   * Brings a game's clock jobs in line with its stored state, one arming per game at a time. Jobs
   * that still come in time are left as they are: a move whose new turn ends later than the jobs
   * armed writes none (a job that comes early judges the turn as it is, and arms the clock again),
   * so only a first turn, a sooner deadline, a grace, or a job that just ran (`fired`) re-arms. A
   * caller's snapshot may be stale (a reminder and a timeout coming due together), so each reads
   * the game afresh once the one before it is done, unless the snapshot is one a change just saved
   * (`saved`) and no newer one was armed since.
   */
  async function armClock(game: GameSnapshot, saved = false, fired?: keyof ClockWakes): Promise<void> {
    if (game.clockSeconds === null && !game.deadlineAt) return;
    await arming.run(`clock:${game.id}`, async () => {
      try {
        const known = armedHere.get(game.id);
        const current = saved && game.version > (known?.version ?? -1) ? game : ((await services.games.load(game.id)) ?? game);
        const stored = known?.wakes ?? current.clockJobs;
        const armed = stored && fired ? { ...stored, [fired]: null } : stored;
        const at = services.now();
        const wanted = clockWakes(current, current.timedOutAt ? await graceMs(current.guildId) : 0, at);
        const remember = (wakes: ClockWakes) => {
          if (current.status === 'ACTIVE') armedHere.set(game.id, { version: Math.max(known?.version ?? -1, current.version), wakes });
          else armedHere.delete(game.id);
        };
        if (armed && wakesServed(armed, wanted, at, current.status !== 'ACTIVE')) return remember(armed);
        if (await jobs.armGame(current, wanted)) {
          await services.games.markClockArmed(current.id, wanted);
          remember(wanted);
        }
      } catch (e) {
        log.error(`could not arm the clock of game ${game.id}`, { err: e, gameId: game.id });
      }
    });
  }

  /**
   * After any change of a game: its clock follows the new turn, and the AI is asked for its move.
   * `saved`: the snapshot is the one the change just wrote.
   */
  async function settle(game: GameSnapshot, saved = false, fired?: keyof ClockWakes): Promise<void> {
    await armClock(game, saved, fired);
    if (game.status === 'ACTIVE' && game.toActUserIds.includes(AI_MARK)) {
      await jobs.aiTurn(game).catch((e) => log.error(`could not record the AI move owed in game ${game.id}`, { err: e, gameId: game.id }));
    }
  }

  /** A daily siege that just ended: its result recorded once, and announced when it scored. */
  async function announceDailyResult(game: GameSnapshot): Promise<void> {
    if (game.status !== 'FINISHED' || !isDailyGame(game)) return;
    const result = await services.daily.recordResult(game);
    const a = result?.attempt;
    if (!result?.recorded || !a || !a.ranked || a.score === null || a.turns === null) return;
    const channelId = (await services.settings.guild(a.guildId)).dailyChannelId ?? a.channelId;
    const def = services.games.defOf(game);
    await notify({ type: 'daily-result', game, def, attempt: { ...a, score: a.score, turns: a.turns }, streak: await services.daily.streakAt(a.userId, a.day), channelId });
  }

  /**
   * Publishes an event and then settles the game: the board first, so that an AI move it asks
   * for posts its own board after this one.
   */
  async function publishAndSettle(event: BoardEvent): Promise<Receipt> {
    const receipt = await publish(event);
    if (event.game.status === 'FINISHED') {
      await announceDailyResult(event.game).catch((e) => log.warn(`the daily result of game ${event.game.id} could not be announced`, { err: e, gameId: event.game.id }));
    }
    await settle(event.game, true);
    return receipt;
  }

  /**
   * The event that saved moves make (a member's, the AI's, then any the rules forced): a step
   * that keeps the turn changes the board in place; a hand-over gets a new board that mentions
   * whoever must act now; an end gets the final board.
   */
  function eventOfMoves(moves: MoveApplied[], mover: string | null, origin?: ChangeOrigin): BoardEvent {
    const first = moves[0]!;
    const game = moves[moves.length - 1]!.game;
    // Every move that ends a game hands it over (services/games.ts isHandOver).
    const handOver = moves.find((m) => m.handOver);
    if (!handOver) return { type: 'moved', game, previous: first.previous, moves, origin };
    const board = {
      game,
      previous: first.previous,
      moves,
      ping: freshlyToAct(game, mover),
      retiredText: playedText(handOver),
      retiredPhrase: playedPhrase(handOver.def, handOver.previous, handOver.seat, handOver.notation, handOver.notationPhrase),
      origin,
    };
    return game.status === 'FINISHED' ? { type: 'finished', outcome: outcomeOf(game), ...board } : { type: 'handed-over', ...board };
  }

  /**
   * The final board of a game the platform ended (a resignation, a clock, a daily's close): its
   * headline is the outcome's reason (`fallback`: a catalog key, for a reason saved without its phrase).
   */
  function finishedEvent(f: { game: GameSnapshot; previous: GameSnapshot }, fallback: string, origin?: ChangeOrigin): Finished {
    const outcome = outcomeOf(f.game);
    const said: Phrase = outcome.reasonPhrase ?? phrase(fallback);
    const reason = outcome.reason;
    return { type: 'finished', outcome, game: f.game, previous: f.previous, moves: [], headline: reason, headlinePhrase: said, retiredText: reason, retiredPhrase: said, ping: [], origin };
  }

  /** Daily rules of a game, for the master's daily verbs. */
  const rulesOf = (gameType: string) => dailyRules(gameType);

  return { services, jobs, log, subscribe, publish, notify, settle, publishAndSettle, eventOfMoves, finishedEvent, graceMs, armClock, rulesOf };
}
