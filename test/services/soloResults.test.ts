// Solo results say won or lost: each game's page says what a win is (Kingdoms Siege Mode: a total
// above 0; the Solo Variant: beating the AI kingdom; Two Deck Siege: surviving the deck), the
// engines end games that way, the board's headline names the result and the score, and records
// count wins, losses and draws from it (a solo game with no winner is a loss, not a draw).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kingdomsSiegeSampleStates } from '../../bench/kingdoms-siege.js';
import { statsText } from '../../commands/stats.js';
import { boardImageRequest, buildBoardMessage, resultTitle } from '../../src/discord/views/board.js';
import type { Outcome } from '../../src/engine/contract.js';
import { gameById } from '../../src/games/index.js';
import type { SiegeState } from '../../src/games/kingdoms-siege/index.js';
import type { SoloState } from '../../src/games/kingdoms-solo/index.js';
import type { TwoDeckSiegeState } from '../../src/games/two-deck-siege/index.js';
import { renderBoardPng, renderBoardSvg } from '../../src/render/index.js';
import { seatResult, soloResult } from '../../src/services/records/results.js';
import { leaderboard, memberStats } from '../../src/services/records/stats.js';
import type { GameSnapshot } from '../../src/services/types.js';
import { twoDeckSiegeUntil } from '../render/fixtures/allGames.js';
import { svgTexts } from '../render/textSize.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const siege = gameById('kingdoms-siege')!;
const solo = gameById('kingdoms-solo')!;
const twoDeck = gameById('two-deck-siege')!;

/** Kingdoms Siege Mode's outcome for a finished siege that totals `total`. */
const siegeOutcome = (total: number) => siege.outcome({ phase: 'over', score: { lines: [], total } } as unknown as SiegeState)!;
/** The Solo Variant's outcome for final totals `you` and `ai`. */
const soloOutcome = (you: number, ai: number) => solo.outcome({ phase: 'over', score: [{ total: you }, { total: ai }] } as unknown as SoloState)!;

/** A Two Deck Siege played by seeded random moves to its end (the castle falls), and the same position won. */
let fallen: TwoDeckSiegeState;
let held: TwoDeckSiegeState;

beforeAll(() => {
  fallen = twoDeckSiegeUntil('over', (s) => s.phase === 'over');
  held = { ...fallen, result: { won: true, reason: 'the enemy deck is empty and every enemy is dead' } };
});

describe('what a solo game was: each page’s rule, through the engines', () => {
  it('given Kingdoms Siege Mode totals, then above 0 is a win, below 0 a loss, and 0 a stalemate (draw)', () => {
    expect(siegeOutcome(-1)).toMatchObject({ winners: [], draw: false, scores: [-1] });
    expect(soloResult(siegeOutcome(-1))).toBe('loss');
    expect(soloResult(siegeOutcome(5))).toBe('win');
    expect(soloResult(siegeOutcome(0))).toBe('draw');
  });

  it('given Solo Variant totals, then beating the AI kingdom is a win, trailing it a loss, equal totals a draw', () => {
    expect(soloResult(soloOutcome(18, 29))).toBe('loss');
    expect(soloResult(soloOutcome(30, 29))).toBe('win');
    expect(soloResult(soloOutcome(24, 24))).toBe('draw');
  });

  it('given a Two Deck Siege, then surviving the deck is a win and a fallen castle a loss, never a draw', () => {
    const lost = twoDeck.outcome(fallen)!;
    expect(lost).toMatchObject({ winners: [], draw: false });
    expect(lost.reason).toMatch(/^[A-Z]/);
    expect(soloResult(lost)).toBe('loss');
    expect(soloResult(twoDeck.outcome(held)!)).toBe('win');
  });

  it('given a two-player game with no winner and no draw (both clocks ran out), then it stays a draw for its players', () => {
    const none: Outcome = { winners: [], draw: false, reason: 'Red and Blue ran out of time.' };
    expect(seatResult(none, 0, 2)).toBe('draw');
    expect(seatResult(none, 0, 1)).toBe('loss');
    expect(seatResult({ winners: [1], draw: false, reason: '' }, 0, 2)).toBe('loss');
  });
});

const snapshot = (gameType: string, state: unknown, outcome: Outcome | null, moveCount = 30): GameSnapshot => ({
  id: 7, gameType, guildId: 'g', channelId: 'c', threadId: 't', boardMessageId: null, boardVersion: null,
  status: 'FINISHED', seats: [{ kind: 'human', userId: '100' }], options: {}, seed: 's', state, version: moveCount + 2, moveCount,
  outcome, toActUserIds: [], clockSeconds: null, turnStartedAt: null, deadlineAt: null, timedOutAt: null, watchToken: null, front: 'discord',
  createdAt: new Date(0), updatedAt: new Date(0),
});

describe('the final board of a solo game names the result and the score', () => {
  it('given a Two Deck Siege whose castle fell, then the headline, the Result field and the image say "You lost" and the score', async () => {
    const outcome = twoDeck.outcome(fallen)!;
    const game = snapshot('two-deck-siege', fallen, outcome);
    const score = outcome.scores![0]!;
    const image = boardImageRequest(twoDeck, game, ['alice'])!;
    const message = buildBoardMessage(twoDeck, game, await renderBoardPng(image.gameType, image.view, image.opts), {}, { players: ['alice'] });
    expect(message.content).toBe(`Game over: **You lost: ${score} points.**`);
    const field = message.embeds[0]!.toJSON().fields!.find((f) => f.name === 'Result')!;
    expect(field.value).toBe(`**You lost: ${score} points.** ${outcome.reason}.`);
    expect(message.embeds[0]!.toJSON().footer!.text).toMatch(/^Move 30 · /);
    expect(message.files).toHaveLength(1);
    const drawn = svgTexts(renderBoardSvg('two-deck-siege', twoDeck.view(fallen, 0), { finished: { title: resultTitle(twoDeck, game), detail: outcome.reason, winners: [] } }));
    expect(drawn).toContain(`You lost: ${score} points`);
    expect(resultTitle(twoDeck, snapshot('two-deck-siege', held, twoDeck.outcome(held)))).toBe(`You won: ${twoDeck.outcome(held)!.scores![0]} points`);
  });

  it('given Kingdoms Siege Mode lost at −1, won, and drawn at 0, then "You lost: −1 point", "You won: 9 points", "Draw: 0 points"', () => {
    expect(resultTitle(siege, snapshot('kingdoms-siege', null, siegeOutcome(-1)))).toBe('You lost: −1 point');
    expect(resultTitle(siege, snapshot('kingdoms-siege', null, siegeOutcome(9)))).toBe('You won: 9 points');
    expect(resultTitle(siege, snapshot('kingdoms-siege', null, siegeOutcome(0)))).toBe('Draw: 0 points');
    expect(resultTitle(solo, snapshot('kingdoms-solo', null, soloOutcome(18, 29)))).toBe('You lost: 18 to 29');
    // A resignation (no winner, no score) is a loss too.
    expect(resultTitle(siege, snapshot('kingdoms-siege', null, { winners: [], draw: false, reason: 'You (<@100>) resigned.' }))).toBe('You lost');
  });

  it('given a finished Kingdoms Siege, then the image heads its score with the verdict once, instead of repeating the reason', async () => {
    const over = kingdomsSiegeSampleStates().find((s) => s.name === 'over')!.state;
    const outcome = siege.outcome(over)!;
    const game = snapshot('kingdoms-siege', over, outcome);
    const title = resultTitle(siege, game);
    expect(title).toMatch(outcome.winners.length ? /^You won: \d+ points?$/ : outcome.draw ? /^Draw/ : /^You lost: −\d+ points?$/);
    const texts = svgTexts(renderBoardSvg('kingdoms-siege', siege.view(over), { finished: { title, detail: outcome.reason, winners: outcome.winners } }));
    expect(texts).toContain(title);
    expect(texts.filter((t) => t.includes(outcome.reason))).toHaveLength(0);
  });
});

describe('records of solo games', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const GUILD = 'g-solo';
  let minute = 0;
  /** A solo game `userId` finished, stored as the bot stores it; each one a minute after the last. */
  async function finished(userId: string, gameType: string, outcome: Outcome) {
    const at = new Date(Date.UTC(2026, 10, 20, 12, minute++));
    return database.db.game.create({
      data: {
        gameType, guildId: GUILD, channelId: 'c', seats: [{ kind: 'human', userId }], options: {}, seed: 's', state: {},
        status: 'FINISHED', outcome: outcome as object, finishedAt: at, recordedAt: at, players: { create: [{ seat: 0, userId }] },
      },
    });
  }

  it('given a Kingdoms Siege lost at −1 and a Two Deck Siege lost, then /siege stats counts losses, not draws', async () => {
    await finished('u1', 'kingdoms-siege', siegeOutcome(4));
    await finished('u1', 'kingdoms-siege', siegeOutcome(0));
    await finished('u1', 'kingdoms-siege', siegeOutcome(-1));
    await finished('u1', 'two-deck-siege', twoDeck.outcome(held)!);
    await finished('u1', 'two-deck-siege', twoDeck.outcome(fallen)!);
    await finished('u1', 'two-deck-siege', { winners: [], draw: false, reason: 'Defender (<@u1>) resigned.' });

    const stats = await memberStats(database.db, GUILD, 'u1');
    const ks = stats.find((s) => s.gameType === 'kingdoms-siege')!;
    expect(ks.played).toBe(3);
    expect(ks.results).toEqual({ wins: 1, losses: 1, draws: 1 });
    expect(ks.streak).toEqual({ result: 'loss', length: 1 });
    expect(ks.last.map((g) => [g.result, g.score])).toEqual([['loss', -1], ['draw', 0], ['win', 4]]);
    const tds = stats.find((s) => s.gameType === 'two-deck-siege')!;
    expect(tds.results).toEqual({ wins: 1, losses: 2, draws: 0 });
    expect(tds.streak).toEqual({ result: 'loss', length: 2 });

    const text = statsText(ks);
    expect(text).toContain('Played **3**: 1 W · 1 L · 1 D');
    expect(text).toContain('Streak: 1 loss');
    expect(text).not.toMatch(/Streak: 1 draw/);
    expect(text).toMatch(/❌ loss, score -1 · #\d+/);
    expect(statsText(tds)).toContain('Streak: 2 losses');
  });

  it('given the same games, then the solo leaderboard still ranks by best score', async () => {
    await finished('u2', 'kingdoms-siege', siegeOutcome(-3));
    const board = await leaderboard(database.db, GUILD, 'kingdoms-siege', 'u2');
    expect(board.kind).toBe('score');
    expect(board.top.map((e) => [e.userId, e.value, e.games])).toEqual([['u1', 4, 3], ['u2', -3, 1]]);
  });
});
