// An arena's messages as pure views: a deal's button reads back as written; the largest arena
// (64 players, 10 deals) fits Discord's limits, pinging each player once when its opening is
// posted and nobody after; a name its organiser typed lands inert; the standings show each deal;
// and once it is over its buttons are gone and the podium leads the standings.
import { describe, expect, it } from 'vitest';
import { decodeCustomId, encodeCustomId } from '../../src/discord/customId.js';
import { arenaFinalMessage, arenaMessage, arenaStandingsMessage, takenText } from '../../src/discord/views/tournamentArena.js';
import { withdrawnNotice } from '../../src/discord/views/tournament.js';
import { gameById } from '../../src/games/index.js';
import { speaker } from '../../src/i18n/index.js';
import { ARENA_DEALS, LIMITS, type TournamentView } from '../../src/tournaments/index.js';
import { rankArena } from '../../src/tournaments/arenaStandings.js';

const EN = speaker('en-US');
const DE = speaker('de');
const def = gameById('two-deck-siege')!;
const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1_000_000_000_000_000_000n + BigInt(i)));

function arena(more: Partial<TournamentView> = {}): TournamentView {
  return {
    id: 9, guildId: '100000000000000001', channelId: '100000000000000002', name: 'Deck Cup', gameType: 'two-deck-siege', format: 'arena',
    options: { castle: 'square' }, clockSeconds: null, roundDays: 7, roundCount: ARENA_DEALS.max, maxPlayers: 64, organiserId: '100000000000000003',
    status: 'RUNNING', signupClosesAt: new Date('2026-12-03T10:00:00Z'), round: ARENA_DEALS.max, signupMessageId: null, standingsMessageId: null,
    webToken: 'x'.repeat(24), createdAt: new Date('2026-12-01T10:00:00Z'), startedAt: new Date('2026-12-03T10:00:00Z'), finishedAt: null, ...more,
  };
}

describe('arena views', () => {
  it('given a deal button, then its customId reads back as written, and a malformed one is not recognised', () => {
    expect(decodeCustomId(encodeCustomId({ kind: 'tournament-play', tournamentId: 12, deal: 3 }))).toEqual({ kind: 'tournament-play', tournamentId: 12, deal: 3 });
    for (const id of ['s1:tp:12', 's1:tp:12:0', 's1:tp:x:1', 's1:tp:12:3:4']) expect(decodeCustomId(id), id).toBeNull();
  });

  it('given the largest arena, then its opening pings each player once, its buttons fit, and its standings fit', () => {
    const players = ids(LIMITS.maxPlayers.max);
    const t = arena({ name: '[nitro](https://t.ly/x) @everyone' });
    const posted = arenaMessage(EN, def, t, players, new Date('2026-12-10T10:00:00Z'), true);
    expect(posted.content.length).toBeLessThanOrEqual(2000);
    expect(posted.content).toContain(`<@${players.at(-1)}>`);
    expect(posted.content).toContain('\\[nitro\\]');
    expect(posted.content).toMatch(/@\u200beveryone/);
    expect(posted.allowedMentions.users).toEqual(players);
    expect(posted.components).toHaveLength(2);
    expect(posted.components.flatMap((r) => r.toJSON().components).map((b) => (b as { label?: string }).label)).toEqual(Array.from({ length: 10 }, (_, i) => `Deal ${i + 1}`));
    expect(arenaMessage(EN, def, t, players, new Date(), false).allowedMentions.users).toEqual([]);
    const title = posted.embeds[0]!.toJSON().title!;
    expect(title).not.toMatch(/\[nitro\]\(/);
    // Every player scored every deal: the longest rows, cut to fit.
    const rows = players.flatMap((userId, p) => Array.from({ length: 10 }, (_, d) => ({ userId, round: d + 1, gameId: p * 10 + d + 1, result: 'scored', score: -123.5 + p, durationMs: 90_000_000 })));
    const table = rankArena(players.map((userId) => ({ userId, withdrawn: false })), rows);
    const shown = arenaStandingsMessage(EN, t, table, false).embeds[0]!.toJSON();
    expect(shown.description!.length).toBeLessThanOrEqual(4096);
    expect(shown.description).toMatch(/… and \d+ more$/);
    expect(shown.footer!.text.length).toBeLessThanOrEqual(2048);
    expect(shown.description!.split('\n')[0]).toBe(`1. <@${players.at(-1)}> · **-605 points** · 10/10 deals · 10 d 10 h · ${Array(10).fill('-60.5').join(' | ')}`);
  });

  it('given the arena over, then its buttons are gone, the podium leads the standings, and the end mentions the podium alone', () => {
    const players = ids(4);
    const t = arena({ status: 'FINISHED', roundCount: 2, finishedAt: new Date('2026-12-10T10:00:00Z') });
    const table = rankArena(players.map((userId) => ({ userId, withdrawn: userId === players[3] })), [
      { userId: players[0]!, round: 1, gameId: 1, result: 'scored', score: 40, durationMs: 600_000 },
      { userId: players[0]!, round: 2, gameId: 2, result: 'unscored', score: null, durationMs: null },
      { userId: players[1]!, round: 1, gameId: 3, result: 'scored', score: 55, durationMs: 3_660_000 },
      { userId: players[1]!, round: 2, gameId: null, result: 'unscored', score: null, durationMs: null },
    ]);
    expect(arenaMessage(EN, def, t, players, new Date(), true).components).toEqual([]);
    const shown = arenaStandingsMessage(EN, t, table, true).embeds[0]!.toJSON().description!;
    expect(shown.split('\n').slice(0, 4)).toEqual([
      `🥇 <@${players[1]}> · 🥈 <@${players[0]}> · 🥉 <@${players[2]}> · 🥉 <@${players[3]}>`,
      '',
      `1. <@${players[1]}> · **55 points** · 1/2 deals · 1 h 1 min · 55 | –`,
      `2. <@${players[0]}> · **40 points** · 1/2 deals · 10 min · 40 | ✗`,
    ]);
    const final = arenaFinalMessage(EN, t, table, 'https://discord.com/channels/1/2/3');
    expect(final.allowedMentions.users.sort()).toEqual([...players].sort());
    expect(final.content).toMatch(/Deck Cup\*\* is over!/);
    // A withdrawal from an arena forfeits no game: the deals not yet finished score nothing.
    expect(withdrawnNotice(EN, t, players[0]!, 'left', null).content).toBe(`<@${players[0]}> left **Deck Cup**: their deals not yet finished score nothing.`);
    expect(withdrawnNotice(EN, arena({ format: 'swiss' }), players[0]!, 'left', null).content).toMatch(/games still to play are forfeited/);
    expect(takenText(DE, 3_660_000)).toBe(`${DE.t('commands:time.hours', { n: '1' })} ${DE.t('commands:time.minutes', { n: '1' })}`);
  });
});
