// Random games on every map: every game ends, play never throws or mutates, legal moves exist while
// someone must act, notation round-trips, and the seed plus the move log rebuild the exact state.
import { describe, expect, it } from 'vitest';
import { Rng, type SeatSpec } from '../../../src/engine/index.js';
import game, {
  MAP_IDS,
  type SiegeMasterMove,
  type SiegeMasterOptions,
  type SiegeMasterState,
} from '../../../src/games/siege-master/index.js';

const SEATS: SeatSpec[] = [{ kind: 'human' }, { kind: 'ai', level: 'hard' }];
const MAX_PLIES = 200;

type Played = { options: SiegeMasterOptions; seed: string; log: string[]; moves: SiegeMasterMove[]; final: SiegeMasterState };

function playout(seed: string, options: SiegeMasterOptions, checkEveryMove: boolean): Played {
  const rng = Rng.fromSeed(`${seed}-moves`);
  let s = game.setup(seed, SEATS, options);
  const log: string[] = [];
  const moves: SiegeMasterMove[] = [];
  for (let ply = 0; game.toAct(s).length > 0; ply++) {
    expect(ply).toBeLessThan(MAX_PLIES);
    const [seat] = game.toAct(s) as [number];
    const legal = game.legalMoves(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    expect(game.legalMoves(s, 1 - seat)).toEqual([]);
    if (checkEveryMove) {
      for (const m of legal) {
        const back = game.parseMove(s, seat, game.formatMove(s, seat, m));
        expect(back).toEqual({ ok: true, value: m });
      }
    }
    const move = rng.pick(legal);
    const before = JSON.stringify(s);
    const result = game.play(s, seat, move);
    expect(JSON.stringify(s)).toBe(before);
    if (!result.ok) throw new Error(`${seed}: ${result.error.message}`);
    if (checkEveryMove) expect(game.play(JSON.parse(before), seat, JSON.parse(JSON.stringify(move)))).toEqual(result);
    log.push(game.formatMove(s, seat, move));
    moves.push(move);
    s = result.value.state;
    expect(JSON.stringify(s).length).toBeLessThan(20_000);
  }
  return { options, seed, log, moves, final: s };
}

function replay({ options, seed, log }: Played): SiegeMasterState {
  let s = game.setup(seed, SEATS, options);
  for (const text of log) {
    const [seat] = game.toAct(s) as [number];
    const move = game.parseMove(s, seat, text);
    if (!move.ok) throw new Error(move.error.message);
    const r = game.play(s, seat, move.value);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

function checkEnd(p: Played) {
  const s = p.final;
  expect(s.phase).toBe('over');
  const out = game.outcome(s)!;
  expect(out).not.toBeNull();
  const [red, blue] = out.scores!;
  const total = s.fortressCount;
  if (red! * 2 > total) expect(out.winners).toEqual([0]);
  else if (blue! * 2 > total) expect(out.winners).toEqual([1]);
  else {
    // Nobody reached a majority: the game ended because the seat to move was stuck.
    const stuck = s.toMove;
    expect(s.armiesLeft[stuck] === 0 || game.legalMoves({ ...s, phase: 'play', outcome: null }, stuck).length === 0).toBe(true);
    expect(out.draw).toBe(red === blue);
    expect(out.winners).toEqual(red === blue ? [] : [red! > blue! ? 0 : 1]);
  }
  expect(game.legalMoves(s, 0)).toEqual([]);
  expect(game.legalMoves(s, 1)).toEqual([]);
  expect(game.play(s, s.toMove, p.moves[0]!)).toMatchObject({ ok: false, error: { message: 'the game is over' } });
}

describe('random playouts', () => {
  for (const map of MAP_IDS) {
    it(`${map}: games end, replay exactly and round-trip their notation`, () => {
      const endings = new Set<string>();
      for (let g = 0; g < 14; g++) {
        const fortressCount = [15, 5, 25, 11][g % 4]!;
        const p = playout(`playout-${map}-${g}`, { map, fortresses: 'random', fortressCount }, g < 3);
        checkEnd(p);
        expect(replay(p)).toEqual(p.final);
        endings.add(game.outcome(p.final)!.draw ? 'draw' : game.outcome(p.final)!.reason.includes(' holds ') ? 'majority' : 'stuck');
      }
      expect(endings.has('majority')).toBe(true);
    });
  }

  it('plays drafted games to the end, on every map', () => {
    for (const map of MAP_IDS) {
      const p = playout(`draft-${map}`, { map, fortresses: 'draft', fortressCount: 9 }, false);
      expect(p.log.slice(0, 9).every((m) => m.startsWith('fort '))).toBe(true);
      checkEnd(p);
      expect(replay(p)).toEqual(p.final);
    }
  });

  it('ends most random games by a majority, with swaps along the way', () => {
    let majorities = 0;
    let swaps = 0;
    for (let g = 0; g < 40; g++) {
      const p = playout(`endings-${g}`, { map: 'random', fortresses: 'random', fortressCount: [5, 25][g % 2]! }, false);
      checkEnd(p);
      if (game.outcome(p.final)!.reason.includes(' holds ')) majorities++;
      if (p.log[1] === 'swap') swaps++;
    }
    expect(majorities).toBeGreaterThan(30);
    expect(swaps).toBeGreaterThan(0);
  });
});
