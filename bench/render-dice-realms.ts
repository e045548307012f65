// Dice Realms sample positions reached by seeded random play (opening, mid-game, waiting for a
// defender, finished), for the render tests and the render bench (bench/render.ts).
import { Rng } from '../src/engine/index.js';
import game, { type DiceRealmsMove, type DiceRealmsState } from '../src/games/dice-realms/index.js';
import type { DiceRealmsView } from '../src/render/dice-realms/board.js';

export type SampleView = { name: string; state: DiceRealmsState; view: DiceRealmsView };

const SEATS = [{ kind: 'human' as const }, { kind: 'human' as const }];

/** A playout that attacks more often than uniform play, so that realms get ruined in time. */
function pickMove(rng: Rng, moves: DiceRealmsMove[]): DiceRealmsMove | undefined {
  const attacks = moves.filter((m) => m.type === 'attack');
  if (attacks.length > 0 && rng.next() < 0.7) return attacks[rng.int(attacks.length)];
  return moves[rng.int(moves.length)];
}

/** Plays seeded moves from the opening until `stop` holds; null when the game ends first. */
export function playUntil(
  seed: string,
  stop: (s: DiceRealmsState) => boolean,
  variant: 'classic' | 'fast' = 'classic',
): DiceRealmsState | null {
  let s = game.setup(seed, SEATS, { ...game.defaultOptions, variant });
  const rng = Rng.fromSeed(`moves-${seed}`);
  for (let i = 0; i < 4000; i++) {
    if (stop(s)) return s;
    const seat = game.toAct(s)[0];
    if (seat === undefined) return null;
    const move = pickMove(rng, game.legalMoves(s, seat));
    if (!move) return null;
    const res = game.play(s, seat, move);
    if (!res.ok) throw new Error(`the engine refused its own legal move: ${res.error.message}`);
    s = res.value.state;
  }
  return null;
}

/** The first seed of `seeds` whose playout reaches a state where `stop` holds. */
function firstReached(seeds: string[], stop: (s: DiceRealmsState) => boolean, variant: 'classic' | 'fast' = 'classic'): DiceRealmsState {
  for (const seed of seeds) {
    const s = playUntil(seed, stop, variant);
    if (s) return s;
  }
  throw new Error('no sample seed reached the position');
}

const ruined = (s: DiceRealmsState) => s.realms.some((r) => r.farms === 0 || r.city === 0);
const felled = (s: DiceRealmsState) => s.realms.some((r) => r.felled.length > 0);
const seeds = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}-${i + 1}`);

export function diceRealmsSampleStates(): { name: string; state: DiceRealmsState }[] {
  return [
    { name: 'opening', state: game.setup('opening', SEATS, game.defaultOptions) },
    {
      name: 'midgame',
      state: firstReached(seeds('mid'), (s) => s.phase === 'attack' && s.attacked.length >= 2 && ruined(s) && felled(s)),
    },
    {
      name: 'midgame-fast',
      state: firstReached(seeds('fast'), (s) => s.phase === 'spend' && s.turn >= 12 && felled(s) && s.lastTurn !== null && s.lastTurn.rolls.length >= 3, 'fast'),
    },
    { name: 'defend', state: firstReached(seeds('defend'), (s) => s.phase === 'defend' && s.turn >= 8) },
    { name: 'over', state: firstReached(seeds('over'), (s) => s.phase === 'over') },
  ];
}

export function diceRealmsSampleViews(): SampleView[] {
  return diceRealmsSampleStates().map(({ name, state }) => ({ name, state, view: game.view(state) as DiceRealmsView }));
}
