// Draws the README's German board pictures (docs/images/<game>-midgame-de.png and
// <game>-finished-de.png): one seeded game of each game played through its engine, its board in
// mid-game and once it is over, drawn as the bot posts it on a German server (the board's words
// from services/boardPicture.ts, the result headline included, and the renderers at BOARD_SCALE).
// Run by hand after a change to a board or to the German texts: `npx tsx scripts/render-doc-pictures.ts`.
// The duels are played by the bot's AI on both sides; the kingdom games by the benches' simple
// players (random moves leave a kingdom with nothing to show), on seeds where the player wins;
// Two Deck Siege by seeded moves, as its render tests play it. The same seeds always play the
// same games, so an unchanged board draws the same picture.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aiSeed, chooseMove } from '../src/ai/index.js';
import { PROJECT_ROOT } from '../src/config/env.js';
import type { GameDefinition, Seat } from '../src/engine/contract.js';
import { Rng } from '../src/engine/index.js';
import type { DiceRealmsState } from '../src/games/dice-realms/index.js';
import { gameById } from '../src/games/index.js';
import type { SiegeState } from '../src/games/kingdoms-siege/index.js';
import type { SoloState } from '../src/games/kingdoms-solo/index.js';
import type { SiegeMasterState } from '../src/games/siege-master/index.js';
import type { TwoDeckSiegeState } from '../src/games/two-deck-siege/index.js';
import { speaker } from '../src/i18n/index.js';
import { renderBoardPng } from '../src/render/index.js';
import { boardPicture } from '../src/services/boardPicture.js';
import { settingsOf } from '../src/services/seatSettings.js';
import type { GameSnapshot, SeatAssignment } from '../src/services/types.js';
import { heuristicMove as kingdomsSiegeMove } from '../bench/kingdoms-siege.js';
import { lookaheadMove as kingdomsSoloMove } from '../bench/kingdoms-solo.js';

const OUT = path.join(PROJECT_ROOT, 'docs', 'images');
const GERMAN = speaker('de');

/** Who plays a seat's moves in the seeded game. */
type Player = (state: any, seat: Seat, moveNumber: number) => unknown;

type Picture = {
  game: string;
  seed: string;
  options?: Record<string, unknown>;
  /** Display names as a German server would show them (umlauts and ß on the board). */
  players: string[];
  /** Standing seat settings (Dice Realms' defence policy), shown on a live board. */
  seatSettings?: Record<string, string>[];
  play: Player;
  /** A mid-game position worth showing; the first one after a third of the game. */
  midgame: (state: any) => boolean;
};

/** The bot's AI at its normal level, with fixed work, so the game replays the same. */
const ai = (def: GameDefinition, seed: string): Player => (state, seat, n) =>
  chooseMove(def, state, seat, 'normal', { timeMs: 500, seed: aiSeed(seed, n), iterations: 400 });

/** Seeded moves, mostly cards and orders, now and then ending the turn (as the render tests play). */
const cardsFirst = (def: GameDefinition, seed: string): Player => {
  const rng = Rng.fromSeed(`doc-pictures/${seed}`);
  return (state, seat) => {
    const moves = def.legalMoves(state, seat) as { type: string }[];
    const busy = moves.filter((m) => m.type !== 'end' && m.type !== 'done');
    return busy.length && rng.next() < 0.8 ? rng.pick(busy) : rng.pick(moves);
  };
};

const def = (id: string): GameDefinition => gameById(id)!;

const PICTURES: Picture[] = [
  {
    game: 'siege-master',
    seed: 'doc-de-siege-master',
    options: { map: 'europe' },
    players: ['Jörg', 'Friederike Großmann'],
    play: ai(def('siege-master'), 'doc-de-siege-master'),
    midgame: (s: SiegeMasterState) => /[01]/.test(s.forts),
  },
  {
    game: 'dice-realms',
    seed: 'doc-de-dice-realms',
    players: ['Jörg', 'Friederike Großmann'],
    seatSettings: [{ defence: 'strongest' }, {}],
    play: ai(def('dice-realms'), 'doc-de-dice-realms'),
    midgame: (s: DiceRealmsState) => s.phase === 'attack' && s.realms.some((r) => r.felled.length > 0),
  },
  {
    game: 'kingdoms-siege',
    seed: 'doc-de-kingdoms-siege-13',
    players: ['Friederike Großmann'],
    play: (s: SiegeState) => kingdomsSiegeMove(s),
    midgame: (s: SiegeState) => s.round >= 2 && s.phase === 'turn',
  },
  {
    game: 'kingdoms-solo',
    seed: 'doc-de-kingdoms-solo-19',
    players: ['Friederike Großmann'],
    play: (s: SoloState) => kingdomsSoloMove(s),
    midgame: (s: SoloState) => s.round >= 3 && s.phase === 'turn',
  },
  {
    game: 'two-deck-siege',
    seed: 'doc-de-two-deck-siege',
    players: ['Friederike Großmann'],
    play: cardsFirst(def('two-deck-siege'), 'doc-de-two-deck-siege'),
    midgame: (s: TwoDeckSiegeState) => s.phase === 'orders' && s.enemies.length >= 4,
  },
];

/** Every position of the seeded game, its end included; standing settings answer as the bot lets them. */
function playGame(p: Picture, game: GameDefinition, seats: SeatAssignment[]): unknown[] {
  const parsed = game.parseOptions(p.options ?? {});
  if (!parsed.ok) throw new Error(`${p.game}: ${parsed.error.message}`);
  const states: unknown[] = [game.setup(p.seed, seats.map(() => ({ kind: 'human' as const })), parsed.value)];
  for (let n = 0; n < 5000; n++) {
    const state = states.at(-1)!;
    const seat = game.toAct(state)[0];
    if (seat === undefined) return states;
    const settled = game.settledMove?.(state, seat, settingsOf(game, { seatSettings: p.seatSettings }, seat)) ?? null;
    const played = game.play(state, seat, settled ?? p.play(state, seat, n));
    if (!played.ok) throw new Error(`${p.game} (seed ${p.seed}), move ${n}: ${played.error.message}`);
    states.push(played.value.state);
  }
  throw new Error(`${p.game} (seed ${p.seed}) did not end in 5,000 moves`);
}

/** The game as the bot holds it: enough of a snapshot for boardPicture. */
function snapshot(p: Picture, game: GameDefinition, seats: SeatAssignment[], state: unknown): GameSnapshot {
  const outcome = game.outcome(state);
  return {
    gameType: p.game,
    seats,
    state,
    outcome,
    status: outcome ? 'FINISHED' : 'ACTIVE',
    ...(p.seatSettings ? { seatSettings: p.seatSettings } : {}),
  } as GameSnapshot;
}

mkdirSync(OUT, { recursive: true });
for (const p of PICTURES) {
  const game = def(p.game);
  const seats: SeatAssignment[] = p.players.map((_, k) => ({ kind: 'human', userId: String(100 + k) }));
  const states = playGame(p, game, seats);
  const from = Math.floor(states.length / 3);
  const mid = states.findIndex((s, i) => i >= from && game.toAct(s).length > 0 && p.midgame(s));
  if (mid < 0) throw new Error(`${p.game} (seed ${p.seed}): no mid-game position to show`);
  for (const [stage, state] of [['midgame', states[mid]], ['finished', states.at(-1)]] as const) {
    const picture = boardPicture(game, snapshot(p, game, seats, state), {
      viewer: game.seats.max === 1 ? 0 : undefined,
      players: p.players,
      speaker: GERMAN,
    });
    const png = await renderBoardPng(picture.gameType, picture.view, picture.opts);
    const file = `${p.game}-${stage}-de.png`;
    writeFileSync(path.join(OUT, file), png);
    const at = stage === 'midgame' ? `move ${mid} of ${states.length - 1}` : `${states.length - 1} moves`;
    console.log(`docs/images/${file} ${Math.round(png.length / 1024)} KB (${at})`);
  }
}
