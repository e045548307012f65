// The end: the player's triggers, the AI's three objectives, the extra round, and the score.
import { describe, expect, it } from 'vitest';
import { finalScore, type SoloState } from '../../../src/games/kingdoms-solo/index.js';
import { act, acts, FROST, game, given, ofType } from './scenario.js';

const P = (n: number): [number, number] => [n, 0];
const A = (n: number): [number, number] => [0, n];
const meeples = { moorgate: P(2), frosthold: A(2) };

/** Plays collects and skips until the game is over; returns the final state. */
function playOut(s: SoloState): SoloState {
  let state = s;
  for (let i = 0; i < 200 && game.toAct(state).length; i++) {
    const moves = game.legalMoves(state, 0);
    const m = moves.find((x) => x.type === 'collect') ?? moves.find((x) => x.type === 'skip') ?? moves.find((x) => x.type === 'flag') ?? moves[0]!;
    const r = game.play(state, 0, m);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  return state;
}

describe('the end', () => {
  it('The endgame begins when the Player reaches one of the three standard endgame objectives (tower 6): the round is finished, then scored', () => {
    const s = given({ ...FROST, meeples, player: { tower: 5, ore: 6 }, shields: { patrol: 1, quest: 0 } });
    const { state, events } = act(s, 'build');
    expect(ofType(events, 'end-triggered')[0]).toMatchObject({ by: 'player', extraRound: false });
    expect(state.endRound).toBe(1);
    expect(game.outcome(state)).toBeNull();
    const over = playOut(state);
    expect(over.round).toBe(1);
    expect(game.outcome(over)?.scores).toHaveLength(2);
  });

  it('… magic 5, and all 7 meeples on the map', () => {
    const magic = act(given({ ...FROST, meeples, player: { magic: 4, mana: 5 } }), 'research');
    expect(ofType(magic.events, 'end-triggered')[0]!.text).toContain('magic reached level 5');
    const seven = act(given({ ...FROST, meeples: { ...meeples, briarwick: P(1), flintridge: P(1), heatherby: P(1), cragfall: P(1) }, player: { food: 7 } }), 'expand briarwick');
    expect(ofType(seven.events, 'end-triggered')[0]!.text).toContain('all 7 of your meeples');
  });

  it('If the AI triggers the end game on the 5th Action taken during a round, play one more full round', () => {
    const s = given({ ...FROST, meeples, ai: { tower: 5, ore: 6, magic: 5 }, aiReached: { meeples: true, magic: true }, shields: { patrol: 1, quest: 0, research: 1, expand: 0 } });
    const { state, events } = act(s, 'skip build');
    expect(ofType(events, 'end-triggered')[0]).toMatchObject({ by: 'ai', extraRound: true });
    expect(state.endRound).toBe(2);
    expect(state.round).toBe(2);
    const over = playOut(state);
    expect(over.phase).toBe('over');
    expect(over.round).toBe(2);
  });

  it('The AI reaching all three objectives earlier in a round: the round is finished, no extra round', () => {
    const s = given({ ...FROST, meeples, ai: { tower: 5, ore: 6 }, aiReached: { meeples: true, magic: true }, shields: { patrol: 1 } });
    const { state, events } = act(s, 'skip build');
    expect(ofType(events, 'end-triggered')[0]).toMatchObject({ by: 'ai', extraRound: false });
    expect(playOut(state).round).toBe(1);
  });

  it('The Player reaching an objective on the fifth action ends the game at once', () => {
    const s = given({ ...FROST, meeples, player: { tower: 5, ore: 6 }, shields: { patrol: 1, quest: 0, research: 1, expand: 0 } });
    const { state } = act(s, 'build');
    expect(state.phase).toBe('over');
  });

  it('Scoring: Tower VP + Research VP + 1 VP per Meeple (not in Ruins) + 2 VP per Capital City + faction bonus + 1 VP per Meeple on the other player\'s Territory card', () => {
    const s = given({
      ...FROST,
      meeples: { moorgate: P(2), wyrmhole: P(1), thornkeep: P(1), briarwick: P(1), firwatch: P(1), frosthold: A(2), icevein: A(1), rimefall: A(1), cragfall: A(1) },
      player: { tower: 4, magic: 5 },
      ai: { tower: 2, magic: 5 },
    });
    const [you, ai] = finalScore(s);
    const table = (lines: { key: string; vp: number }[]) => Object.fromEntries(lines.map((l) => [l.key, l.vp]));
    expect(table(you!.lines)).toEqual({ meeples: 5, tower: 5, magic: 5, capital: 2, faction: 2, abroad: 1 });
    expect(you!.total).toBe(20);
    expect(table(ai!.lines)).toEqual({ meeples: 5, tower: 2, magic: 5, capital: 2, faction: 3, abroad: 1 });
    expect(ai!.total).toBe(18);
  });

  it('Higher total wins; outcome.scores = [player VP, AI VP]', () => {
    const s = given({ ...FROST, meeples, player: { tower: 5, ore: 6 }, shields: { patrol: 1, quest: 0, research: 1, expand: 0 } });
    const over = acts(s, 'build').state;
    const out = game.outcome(over)!;
    expect(out.scores).toEqual([over.score![0]!.total, over.score![1]!.total]);
    expect(out.winners).toEqual(out.scores![0]! > out.scores![1]! ? [0] : []);
  });
});
