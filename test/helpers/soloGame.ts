// A small solo game that exists only for tests, to run the platform's solo flow end to end:
// three rounds against a rule-driven raider. Each round the player raids or fortifies; on a raid
// the raider rolls a die inside `play` and, on an even roll, offers a parley that the player must
// answer before the round ends (a "player's choice" in the middle of the rule-driven side's turn).
import { draw, err, ok, rngFromSeed, type GameDefinition, type GameEvent, type RngState } from '../../src/engine/index.js';

export type PracticeState = {
  round: number;
  rounds: number;
  score: number;
  walls: number;
  /** The raider's roll waiting for the player's answer to its parley. */
  parley: number | null;
  rng: RngState;
  over: boolean;
};
export type PracticeMove = 'raid' | 'fortify' | 'accept' | 'refuse';
type Options = { rounds: number };

const TURN_MOVES: PracticeMove[] = ['raid', 'fortify'];
const PARLEY_MOVES: PracticeMove[] = ['accept', 'refuse'];

function endRound(s: PracticeState, events: GameEvent[]): PracticeState {
  const round = s.round + 1;
  const over = round > s.rounds;
  if (over) events.push({ type: 'end', text: `The siege is over: ${s.score} points.` });
  return { ...s, round, over };
}

export const practiceSiege: GameDefinition<PracticeState, PracticeMove, Options> = {
  id: 'practice-siege',
  title: 'Practice Siege',
  summary: 'A three-round drill against a raider (tests only)',
  seats: { min: 1, max: 1 },
  defaultOptions: { rounds: 3 },
  seatNames: ['Defender'],
  optionSpecs: [{ name: 'rounds', description: 'How many rounds (1 to 5, default 3)', choices: ['1', '2', '3', '4', '5'].map((v) => ({ name: v, value: v })), default: '3' }],
  parseOptions(raw) {
    const value = raw?.rounds ?? '3';
    const rounds = Number(value);
    return Number.isInteger(rounds) && rounds >= 1 && rounds <= 5 ? ok({ rounds }) : err('bad-option', 'rounds must be a whole number from 1 to 5');
  },
  setup: (seed, _seats, options) => ({ round: 1, rounds: options.rounds, score: 0, walls: 1, parley: null, rng: rngFromSeed(seed), over: false }),
  toAct: (s) => (s.over ? [] : [0]),
  legalMoves: (s, seat) => (s.over || seat !== 0 ? [] : s.parley !== null ? PARLEY_MOVES : TURN_MOVES),
  play(s, seat, move) {
    if (s.over) return err('over', 'The game is over.');
    if (seat !== 0) return err('seat', 'Only the defender plays.');
    if (!practiceSiege.legalMoves(s, seat).includes(move)) {
      return err('illegal', s.parley !== null ? 'Answer the parley first: accept or refuse.' : 'Choose raid or fortify.');
    }
    const events: GameEvent[] = [];
    if (move === 'fortify') {
      events.push({ type: 'fortify', text: 'You fortify the walls.' });
      return ok({ state: endRound({ ...s, walls: s.walls + 1 }, events), events });
    }
    if (move === 'raid') {
      const [roll, rng] = draw(s.rng, (r) => r.die(6));
      events.push({ type: 'raider-roll', roll, revealed: true, text: `The raider rolls ${roll}.` });
      if (roll % 2 === 0) {
        events.push({ type: 'parley', text: 'The raider offers a parley: accept or refuse?' });
        return ok({ state: { ...s, rng, parley: roll }, events });
      }
      const gained = roll + s.walls;
      events.push({ type: 'raid', text: `Your raid scores ${gained}.` });
      return ok({ state: endRound({ ...s, rng, score: s.score + gained }, events), events });
    }
    const gained = move === 'accept' ? 2 : s.walls - (s.parley ?? 0);
    events.push({ type: 'parley-answer', text: move === 'accept' ? 'You accept the parley: 2 points.' : `You refuse the parley: ${gained} points.` });
    return ok({ state: endRound({ ...s, parley: null, score: s.score + gained }, events), events });
  },
  outcome: (s) => (s.over ? { winners: s.score > 0 ? [0] : [], draw: s.score === 0, scores: [s.score], reason: `${s.score} points in ${s.rounds} rounds.` } : null),
  formatMove: (_s, _seat, move) => move,
  parseMove(s, seat, text) {
    const move = String(text).trim().toLowerCase() as PracticeMove;
    return practiceSiege.legalMoves(s, seat).includes(move) ? ok(move) : err('illegal', `"${String(text).slice(0, 20)}" is not a move now`);
  },
  view: (s) => ({ round: s.round, rounds: s.rounds, score: s.score, walls: s.walls, parley: s.parley, over: s.over }),
  choicePrompt: (s) => (s.parley !== null ? 'The raider offers a parley' : 'Raid or fortify?'),
};
