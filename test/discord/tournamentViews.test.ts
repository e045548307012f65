// A tournament's messages as pure views: its controls' customIds read back as written; a name its
// organiser typed lands inert wherever it is shown (Markdown escaped in messages and titles, one
// plain line in a thread's name); and the largest round and field fit Discord's limits.
import { describe, expect, it } from 'vitest';
import { decodeCustomId, encodeCustomId } from '../../src/discord/customId.js';
import { signupMessage } from '../../src/discord/views/tournament.js';
import { roundMessage, standingsMessage } from '../../src/discord/views/tournamentRounds.js';
import { gameById } from '../../src/games/index.js';
import { speaker } from '../../src/i18n/index.js';
import { LIMITS, type RoundView, type TournamentView } from '../../src/tournaments/index.js';
import { standings } from '../../src/tournaments/pairing/index.js';

const EN = speaker('en-US');
const def = gameById('siege-master')!;

function tournament(more: Partial<TournamentView> = {}): TournamentView {
  return {
    id: 7, guildId: '100000000000000001', channelId: '100000000000000002', name: 'Spring Cup', gameType: 'siege-master', format: 'swiss',
    options: { map: 'hex' }, clockSeconds: 86_400, roundDays: 7, roundCount: 6, maxPlayers: 64, organiserId: '100000000000000003',
    status: 'SIGNUP', signupClosesAt: new Date('2026-12-03T10:00:00Z'), round: 0, signupMessageId: null, standingsMessageId: null,
    webToken: 'x'.repeat(24), createdAt: new Date('2026-12-01T10:00:00Z'), startedAt: null, finishedAt: null, ...more,
  };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1_000_000_000_000_000_000n + BigInt(i)));

describe('tournament views', () => {
  it('given each control, then its customId reads back as written, and a malformed one is not recognised', () => {
    for (const kind of ['tournament-join', 'tournament-leave', 'tournament-withdraw', 'tournament-cancel'] as const) {
      const id = encodeCustomId({ kind, tournamentId: 12 });
      expect(decodeCustomId(id)).toEqual({ kind, tournamentId: 12 });
    }
    for (const id of ['s1:tj', 's1:tj:x', 's1:tj:0', 's1:tl:12:3', 's1:tc:99999999999']) expect(decodeCustomId(id), id).toBeNull();
  });

  it('given a name typed to look like a link, a heading and a ping, then it shows as typed and inert', () => {
    const t = tournament({ name: '[nitro](https://t.ly/x) @everyone **bold** <@123>' });
    const message = signupMessage(EN, def, t, []);
    const title = message.embeds[0]!.toJSON().title!;
    for (const text of [message.content, title]) {
      expect(text).not.toMatch(/\[nitro\]\(/);
      expect(text).toContain('\\[nitro\\]');
      expect(text).toMatch(/@\u200beveryone/);
      expect(text).toContain('<\u200b@123>');
    }
    expect(message.allowedMentions).toEqual({ parse: [] });
  });

  it('given the largest Swiss round and field, then the pairings (pinging each player once) and the standings fit', () => {
    const players = ids(LIMITS.maxPlayers.max);
    const t = tournament({ status: 'RUNNING', round: 3, roundCount: 20, name: 'N'.repeat(60) });
    const round: RoundView = {
      round: 3, startedAt: new Date(), deadlineAt: new Date(), endedAt: null, messageId: null,
      boards: players.filter((_, i) => i % 2 === 0).map((white, i) => ({
        board: i + 1, white, black: players[2 * i + 1]!, result: 'pending', forfeit: false, gameId: i + 1,
        place: { threadId: `2${white.slice(1)}`, channelId: t.channelId, boardMessageId: null, finished: false },
      })),
    };
    const posted = roundMessage(EN, def, t, round, true);
    expect(posted.content.length).toBeLessThanOrEqual(2000);
    expect(posted.allowedMentions.users.sort()).toEqual([...players].sort());
    expect(posted.content).toContain(`<@${players.at(-1)}>`);
    const embed = posted.embeds[0]!.toJSON();
    expect(embed.description!.length).toBeLessThanOrEqual(4096);
    expect(embed.title!.length).toBeLessThanOrEqual(256);
    expect(roundMessage(EN, def, t, round, false).allowedMentions.users).toEqual([]);
    const table = standings('swiss', players.map((id) => ({ id, rating: 1500 })), []);
    const shown = standingsMessage(EN, t, table, round, false).embeds[0]!.toJSON().description!;
    expect(shown.length).toBeLessThanOrEqual(4096);
    expect(shown).toMatch(/… and \d+ more$/);
  });
});
