// The Describe answer as Discord receives it: for seeded positions of every game, in every
// language, the whole position in embeds within Discord's limits (4,096 characters an embed,
// 6,000 and ten embeds a message), every part under its heading, and the choices of the step the
// game waits for as its buttons say them; the part that goes beside a panel within the room it is
// given; and every board's components, its Describe button included, within five rows of five.
import { ButtonBuilder } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { decodeCustomId, encodeCustomId } from '../../src/discord/customId.js';
import { boardComponents } from '../../src/discord/views/board.js';
import { describeMessages, describeWithin, splitText } from '../../src/discord/views/describe.js';
import { LOCALES, speaker, t } from '../../src/i18n/index.js';
import { boardDescription } from '../../src/services/boardAlt.js';
import { choiceLevel, choiceText } from '../../src/services/moveChoices.js';
import { seededPositions } from '../helpers/positions.js';

const GAMES: [string, number[], Record<string, unknown>?][] = [
  ['siege-master', [0, 1, 2, 20, 999]],
  ['siege-master', [2], { fortresses: 'draft' }],
  ['dice-realms', [0, 1, 2, 3, 30]],
  ['kingdoms-siege', [0, 1, 8, 999]],
  ['kingdoms-solo', [0, 1, 8, 40, 999]],
  ['two-deck-siege', [0, 1, 12, 999]],
];
const positions = GAMES.flatMap(([game, at, options]) => ['words-1', 'words-2'].flatMap((seed) => seededPositions(game, seed, at, options)));

describe('the Describe answer', () => {
  it('given seeded positions in every language, then every message keeps within Discord\'s limits and says the whole description and the step\'s choices', () => {
    for (const p of positions) {
      for (const locale of LOCALES) {
        const sp = speaker(locale);
        const seat = p.def.toAct(p.game.state)[0];
        const messages = describeMessages(sp, { def: p.def, game: p.game, view: p.view, seat, withChoices: true });
        expect(messages.length, p.label).toBeGreaterThan(0);
        for (const embeds of messages) {
          expect(embeds.length).toBeLessThanOrEqual(10);
          let total = 0;
          for (const e of embeds) {
            const { title = '', description = '' } = e.toJSON();
            expect(title.length).toBeLessThanOrEqual(256);
            expect(description.length, `${p.label} ${locale}`).toBeLessThanOrEqual(4096);
            total += title.length + description.length;
          }
          expect(total, `${p.label} ${locale}`).toBeLessThanOrEqual(6000);
        }
        const said = messages.flat().map((e) => e.toJSON().description ?? '').join('\n');
        // Every sentence of every part, under its heading.
        const position = boardDescription(sp, p.def, p.game, { index: p.plies, last: p.plies, view: p.view })!.position;
        for (const part of position.parts) {
          expect(said, `${p.label} ${locale}`).toContain(`**${part.heading}**`);
          for (const line of part.lines) expect(said.replace(/[ \n]+/g, ' '), `${p.label} ${locale}`).toContain(line.replace(/[ \n]+/g, ' '));
        }
        // The choices of the step, as the buttons say them.
        if (p.game.status === 'ACTIVE' && seat !== undefined) {
          const level = choiceLevel(p.def, p.game.state, seat, []);
          expect(said, `${p.label} ${locale}`).toContain(t(locale, 'discord:describe.yourChoices', { count: level.options.length }));
          // (A long list may be cut between two embeds at a space.)
          const flat = said.replace(/[ \n]+/g, ' ');
          for (const o of level.options) expect(flat, `${p.label} ${locale}`).toContain(choiceText(o, undefined, { sp, gameId: p.def.id }));
        } else {
          expect(said).not.toContain(t(locale, 'discord:describe.yourChoices', { count: 1 }).replace(/\(.*$/, ''));
        }
      }
    }
  });

  it('given the room beside a panel, then the position fits it, and says where the rest is when it does not', () => {
    for (const p of positions) {
      for (const locale of LOCALES) {
        const sp = speaker(locale);
        for (const room of [5800, 1500]) {
          const embeds = describeWithin(sp, { def: p.def, game: p.game, view: p.view, withChoices: false }, room);
          const size = embeds.reduce((n, e) => n + (e.toJSON().description?.length ?? 0) + (e.toJSON().title?.length ?? 0), 0);
          expect(embeds.length).toBeLessThanOrEqual(10);
          if (embeds.length > 1 || size > room) expect(embeds.at(-1)!.toJSON().description).toBe(t(locale, 'render:describe.more'));
          expect(size, `${p.label} ${locale}`).toBeLessThanOrEqual(Math.max(room, 4096) + 200);
        }
      }
    }
  });

  it('cuts long text between paragraphs, then lines, then words, never beyond the limit', () => {
    const text = Array.from({ length: 60 }, (_, k) => `**Part ${k}**\n${'word '.repeat(40 + k)}`).join('\n\n');
    const pieces = splitText(text, 500);
    expect(pieces.every((x) => x.length <= 500)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ').trim()).toBe(text.replace(/\s+/g, ' ').trim());
  });
});

describe('the Describe button', () => {
  it('given every seeded board, then it carries the Describe button, its customId reads back, and its rows keep within five of five', () => {
    for (const p of positions) {
      const sp = speaker('de');
      for (const offers of [undefined, { undo: true, takeback: true }] as const) {
        for (const watch of [null, 'https://siege.example.org/g/x']) {
          const rows = boardComponents(sp, p.def, p.game, offers as never, watch);
          expect(rows.length, p.label).toBeLessThanOrEqual(5);
          for (const row of rows) expect(row.components.length, p.label).toBeLessThanOrEqual(5);
          const buttons = rows.flatMap((r) => r.components).filter((c): c is ButtonBuilder => c instanceof ButtonBuilder);
          const describeIt = buttons.find((b) => (b.data as { custom_id?: string }).custom_id?.startsWith('s1:ds:'));
          expect(describeIt, p.label).toBeDefined();
          expect((describeIt!.data as { label?: string }).label).toBe('Beschreiben');
          expect(decodeCustomId((describeIt!.data as { custom_id: string }).custom_id)).toEqual({ kind: 'describe', gameId: p.game.id, version: p.game.version });
        }
      }
    }
    expect(encodeCustomId({ kind: 'describe', gameId: 12, version: 3 })).toBe('s1:ds:12:3');
    for (const id of ['s1:ds:12', 's1:ds:0:3', 's1:ds:12:3:4', 's1:ds:x:3']) expect(decodeCustomId(id), id).toBeNull();
  });
});
