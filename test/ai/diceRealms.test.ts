// The Dice Realms AI: legal moves at every level in every phase, exact
// dice distributions that agree with the engine, sensible choices, games that end, and levels
// that mean something. Budgets are iteration caps, so every result here is reproducible.
import { describe, expect, it } from 'vitest';
import { chooseMove, type AiLevel } from '../../src/ai/index.js';
import { heuristicsFor, registerHeuristics } from '../../src/ai/heuristics/index.js';
import { CANDIDATES, CASUAL, casualMove, diceRealmsHeuristics, hardSearch, LOOKAHEAD, MIN_ROUNDS, Planner, ROUNDS } from '../../src/ai/heuristics/dice-realms/index.js';
import { outcomes, WEIGHTS, type Pos } from '../../src/ai/heuristics/dice-realms/model.js';
import type { Seat } from '../../src/engine/contract.js';
import { Rng } from '../../src/engine/rng.js';
import game, {
  buildPosition,
  type DiceRealmsMove,
  type DiceRealmsState,
  type PositionSpec,
} from '../../src/games/dice-realms/index.js';

registerHeuristics('dice-realms', diceRealmsHeuristics);

const levels: AiLevel[] = ['easy', 'normal', 'hard'];
const key = (m: unknown) => JSON.stringify(m);
const budget = (seed: string, iterations = 120) => ({ timeMs: 10_000, seed, iterations });
const turnMoves = (s: DiceRealmsState, seat: Seat) => game.legalMoves(s, seat);
const seatToAct = (s: DiceRealmsState) => game.toAct(s)[0]!;

function playMove(s: DiceRealmsState, seat: Seat, move: DiceRealmsMove): DiceRealmsState {
  const played = game.play(s, seat, move);
  if (!played.ok) throw new Error(played.error.message);
  return played.value.state;
}

type Player = AiLevel | 'random';

/** One game between two players; returns the winner (or null) and the number of moves played. */
function playGame(players: [Player, Player], seed: string, iterations: number, maxPlies = 300) {
  let s = game.setup(seed, [], game.defaultOptions);
  const rng = Rng.fromSeed(`${seed}/random`);
  let plies = 0;
  for (; plies < maxPlies && !game.outcome(s); plies++) {
    const seat = seatToAct(s);
    const player = players[seat]!;
    const move =
      player === 'random' ? rng.pick(turnMoves(s, seat)) : chooseMove(game, s, seat, player, budget(`${seed}/${plies}`, iterations));
    s = playMove(s, seat, move);
  }
  return { winner: game.outcome(s)?.winners[0] ?? null, plies };
}

const positions: Record<string, PositionSpec> = {
  gather: {},
  spend: { phase: 'spend', red: { food: 8, siege: 2, cavalry: 5, military: 4 }, blue: { infantry: 3, keep: 9 } },
  repairOrTrain: { phase: 'spend', red: { keep: 5, population: 9, military: 8, food: 0 }, blue: { cavalry: 4 } },
  train: { phase: 'train', trained: ['siege'], red: { military: 7, siege: 2 } },
  attack: { phase: 'attack', attacked: ['siege'], red: { food: 5, siege: 2, cavalry: 5, ranged: 2 }, blue: { keep: 7, ranged: 2 } },
  defend: {
    phase: 'defend',
    attacked: ['siege'],
    pending: { unit: 'siege', target: 'keep', cost: 4 },
    red: { siege: 3, food: 2 },
    blue: { infantry: 4, cavalry: 2 },
  },
  fast: { variant: 'fast', phase: 'spend', active: 1, red: { ranged: 3, siege: 1 }, blue: { food: 6, cavalry: 6, siege: 2 } },
  raid: { phase: 'spend', red: { food: 7, cavalry: 3 }, blue: { infantry: 4 } },
};

describe('Dice Realms AI: moves', () => {
  it('returns a legal move at every level in every phase', () => {
    for (const [name, spec] of Object.entries(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      const legal = turnMoves(s, seat).map(key);
      for (const level of levels) {
        const move = chooseMove(game, s, seat, level, budget(`${name}-${level}`));
        expect(legal, `${name} at ${level}`).toContain(key(move));
      }
    }
  });

  it('orders and plays out turn moves only', () => {
    const h = heuristicsFor(game)!;
    const rng = Rng.fromSeed('order');
    for (const spec of Object.values(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      const all = game.legalMoves(s, seat);
      const turn = turnMoves(s, seat).map(key);
      for (const [limit, thorough] of [[1, true], [3, false], [100, true], [100, false]] as const) {
        const ordered = h.orderMoves(s, seat, all, limit, thorough) as DiceRealmsMove[];
        expect(ordered.length).toBe(Math.min(limit, turn.length));
        for (const m of ordered) expect(turn).toContain(key(m));
      }
      for (let i = 0; i < 5; i++) expect(turn).toContain(key(h.playoutMove!(s, seat, all, rng)));
      // The other seat has no move: there is nothing for it to play.
      expect(h.orderMoves(s, 1 - seat, game.legalMoves(s, 1 - seat), 5, true)).toEqual([]);
    }
  });

  it('weighs every move over the same dice the engine rolls', () => {
    const state = (o: { v: Pos }) => key([o.v.realms.map((r) => ({ ...r, felled: [] })), o.v.active, o.v.phase, o.v.winner, o.v.pending]);
    const real = (s: DiceRealmsState) => key([s.realms.map((r) => ({ ...r, felled: [] })), s.active, s.phase, s.winner, s.pending]);
    for (const spec of Object.values(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      for (const move of turnMoves(s, seat)) {
        const dist = outcomes(s, move);
        expect(dist.reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
        const support = new Set(dist.map(state));
        for (let i = 0; i < 40; i++) {
          const after = playMove(game.determinize!(s, seat, `w${i}`), seat, move);
          expect(support.has(real(after)), `${key(move)} → ${real(after)}`).toBe(true);
        }
      }
    }
  });
});

describe('Dice Realms AI: judgment', () => {
  it('takes a Keep that is sure to fall', () => {
    const s = buildPosition({ phase: 'spend', red: { food: 4, siege: 1, cavalry: 1 }, blue: { keep: 1, infantry: 4 } });
    for (const level of ['normal', 'hard'] as const) {
      const move = chooseMove(game, s, 0, level, budget(`win-${level}`));
      expect(move).toMatchObject({ type: 'attack', target: 'keep' });
    }
  });

  it('defends against an attacker that any strike fells', () => {
    // Cavalry at 1 deals 1 without a roll; any defender fells it and loses one point at most.
    const s = buildPosition({
      phase: 'defend',
      attacked: ['cavalry'],
      pending: { unit: 'cavalry', target: 'farms', cost: 1 },
      red: { cavalry: 1, food: 3 },
      blue: { infantry: 4, siege: 3 },
    });
    for (const level of ['normal', 'hard'] as const) {
      const move = chooseMove(game, s, 1, level, budget(`defend-${level}`));
      expect(move).toMatchObject({ type: 'defend' });
      expect((move as { unit: unknown }).unit).not.toBeNull();
    }
  });

  it('repairs a Keep that could fall next turn', () => {
    const s = buildPosition({ phase: 'spend', red: { keep: 3, population: 10, food: 0 }, blue: { siege: 3, cavalry: 4, food: 6 } });
    const move = chooseMove(game, s, 0, 'normal', budget('repair'));
    expect(move).toMatchObject({ type: 'repair', territory: 'keep' });
  });

  it('judges a position the same from both chairs', () => {
    const h = heuristicsFor(game)!;
    for (const spec of Object.values(positions)) {
      const s = buildPosition(spec);
      expect(h.evaluate(s, 0)).toBeCloseTo(-h.evaluate(s, 1), 9);
    }
  });
});

describe('Dice Realms AI: the hard search', () => {
  it('is registered for the game, so the bot and its workers use it', async () => {
    const { heuristicsFor: fresh } = await import('../../src/ai/heuristics/index.js');
    const h = fresh(game);
    expect(h?.search).toBeTypeOf('function');
  });

  it('stops within its work limit and still plays a legal move', () => {
    for (const [name, spec] of Object.entries(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      const legal = turnMoves(s, seat).map(key);
      for (const work of [1, 50, 2000, 20_000]) {
        const stats = { passes: 0, work: 0, rounds: 0 };
        const move = hardSearch(s, seat, game.legalMoves(s, seat), { work, seed: name }, stats);
        expect(legal, `${name} with work ${work}`).toContain(key(move));
        expect(stats.work, name).toBeLessThanOrEqual(work + 1);
        expect(stats.passes).toBeLessThanOrEqual(2);
        expect(stats.rounds).toBeLessThanOrEqual(ROUNDS);
      }
    }
  });

  it('given a machine so busy that its clock passes the safety net, then stops at once with a legal move; a clock that does not pass it changes nothing', () => {
    for (const [name, spec] of Object.entries(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      const own = game.legalMoves(s, seat);
      const stats = { passes: 0, work: 0, rounds: 0 };
      const move = hardSearch(s, seat, own, { seed: name, work: 200_000, until: { now: () => 1, at: 0 } }, stats);
      expect(own.map(key), name).toContain(key(move));
      expect(stats.work, name).toBeLessThanOrEqual(256);
      const unhurried = hardSearch(s, seat, own, { seed: name, work: 20_000, until: { now: () => 0, at: 1 } });
      expect(key(unhurried), name).toBe(key(hardSearch(s, seat, own, { seed: name, work: 20_000 })));
    }
  });

  it('starts from the full turn plan and plays out its best moves: it plays one of them, the same for the same seed', () => {
    for (const [name, spec] of Object.entries(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      const own = game.legalMoves(s, seat);
      const scores = new Planner(seat, WEIGHTS).scores(s, own, LOOKAHEAD);
      const best = own.map((m, i) => ({ m, v: scores[i]!, i })).sort((a, b) => b.v - a.v || a.i - b.i).slice(0, CANDIDATES).map((x) => key(x.m));
      const stats = { passes: 0, work: 0, rounds: 0 };
      const move = hardSearch(s, seat, own, { seed: name, work: 200_000 }, stats);
      expect(best, name).toContain(key(move));
      if (own.length > 1) expect(stats.rounds, name).toBeGreaterThanOrEqual(MIN_ROUNDS);
      expect(stats.rounds, name).toBeLessThanOrEqual(ROUNDS);
      expect(key(hardSearch(s, seat, own, { seed: name, work: 200_000 }))).toBe(key(move));
    }
  });

  it('given two nearly equal best moves, then normal plays the better by its shorter plan, or with its seeded chance the runner-up', () => {
    for (const [name, spec] of Object.entries(positions)) {
      const s = buildPosition(spec);
      const seat = seatToAct(s);
      const own = game.legalMoves(s, seat);
      if (own.length < 2) continue;
      const scores = new Planner(seat, WEIGHTS).scores(s, own, CASUAL.look);
      const order = own.map((m, i) => ({ m, v: scores[i]!, i })).sort((a, b) => b.v - a.v || a.i - b.i);
      const rng = () => Rng.fromSeed(name);
      expect(casualMove(s, seat, own, rng(), { ...CASUAL, chance: 0 }), name).toEqual(order[0]!.m);
      const always = casualMove(s, seat, own, rng(), { ...CASUAL, chance: 1 });
      expect(always, name).toEqual(order[0]!.v - order[1]!.v <= CASUAL.near ? order[1]!.m : order[0]!.m);
      expect(casualMove(s, seat, own, rng(), { ...CASUAL, chance: 1, near: -1 }), name).toEqual(order[0]!.m);
      expect(key(chooseMove(game, s, seat, 'normal', budget(name)))).toBe(key(chooseMove(game, s, seat, 'normal', budget(name))));
    }
  });

  it('keeps the turn plan\'s choice when the work runs out before enough rollouts', () => {
    const s = buildPosition(positions.spend!);
    const own = game.legalMoves(s, 0);
    const scores = new Planner(0, WEIGHTS).scores(s, own, LOOKAHEAD);
    const planned = own[scores.indexOf(Math.max(...scores))];
    for (const work of [500, 1000, 2000]) {
      const stats = { passes: 0, work: 0, rounds: 0 };
      const move = hardSearch(s, 0, own, { seed: 'short', work }, stats);
      expect(stats.rounds, `work ${work}`).toBeLessThan(MIN_ROUNDS);
      expect(move, `work ${work}`).toEqual(planned);
    }
  });

  it('given runners-up that cannot beat the plan, then stops playing them out after the first rounds', () => {
    // Siege at 6 on a Keep at 4 is far better than anything else the Food buys.
    const s = buildPosition({ phase: 'spend', red: { food: 4, siege: 6, infantry: 4, military: 0, population: 0 }, blue: { keep: 4 } });
    const stats = { passes: 0, work: 0, rounds: 0 };
    hardSearch(s, 0, game.legalMoves(s, 0), { seed: 'keep' }, stats);
    expect(stats.passes).toBe(2);
    expect(stats.rounds).toBe(MIN_ROUNDS);
  });

  it('weighs the dice: attacks the Keep with the unit likelier to fell it', () => {
    // Keep at 4, Food for one Keep attack: Siege at 6 rolls a d6 uncapped (3 in 6 to fell it),
    // Infantry at 4 a d4 (1 in 4). Nothing else is worth the Food.
    const s = buildPosition({ phase: 'spend', red: { food: 4, siege: 6, infantry: 4, military: 0, population: 0 }, blue: { keep: 4 } });
    const move = hardSearch(s, 0, game.legalMoves(s, 0), { seed: 'keep' });
    expect(move).toMatchObject({ type: 'attack', unit: 'siege', target: 'keep' });
  });
});

describe('Dice Realms AI: games', () => {
  it('finishes a game at every level within 300 moves', () => {
    for (const level of levels) {
      const { winner, plies } = playGame([level, level], `self-${level}`, 20);
      expect(winner, `${level} against itself: ${plies} moves`).not.toBeNull();
    }
  });

  it('hard beats a random player', () => {
    for (let g = 0; g < 4; g++) {
      const aiSeat = g % 2;
      const players: [Player, Player] = aiSeat === 0 ? ['hard', 'random'] : ['random', 'hard'];
      const { winner } = playGame(players, `hard-random-${g}`, 20);
      expect(winner, `game ${g}`).toBe(aiSeat);
    }
  });

  it.each(['hard', 'normal'] as const)('%s beats easy in most games', (level) => {
    let wins = 0;
    const games = 4;
    for (let g = 0; g < games; g++) {
      const seat = g % 2;
      const players: [Player, Player] = seat === 0 ? [level, 'easy'] : ['easy', level];
      if (playGame(players, `${level}-easy-${g}`, 20).winner === seat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(3);
  });
});
