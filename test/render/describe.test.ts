// A board in words against the view it is drawn from: for seeded positions of every game, in every
// language, the description names every piece of the picture where it stands (each fortress with
// its holder, each army's cells, each die of both realms, who stands in each region, each unit on
// its wall, tower, band or courtyard), its tables agree with the view cell by cell, and the alt text
// (services/boardAlt.ts) stays within Discord's 1,024 characters, says the most important part, and
// ends with how to get the rest whenever it leaves anything out.
import { describe, expect, it } from 'vitest';
import { LOCALES, speaker, t, type Locale } from '../../src/i18n/index.js';
import { partText, type PositionDescription } from '../../src/render/describe.js';
import { boardAlt, boardDescription, MAX_ALT_CHARS } from '../../src/services/boardAlt.js';
import { seededPositions, type SeededPosition } from '../helpers/positions.js';

const SEEDS = ['describe-1', 'describe-2'];

function described(p: SeededPosition, locale: Locale): { alt: string; text: string; position: PositionDescription } {
  const sp = speaker(locale);
  const at = { index: p.plies, last: p.plies, lastMove: null, view: p.view };
  const alt = boardAlt(sp, p.def, p.game, at);
  const d = boardDescription(sp, p.def, p.game, at);
  expect(d, p.label).not.toBeNull();
  return { alt, text: d!.position.parts.map((part) => partText(part)).join('\n'), position: d!.position };
}

const more = (locale: Locale) => t(locale, 'render:describe.more');
const seatName = (locale: Locale, game: string, seat: number) => t(locale, `${game}:seats.${seat}`);
/** The lines of a description that mention `word`. */
const linesWith = (text: string, word: string) => text.split('\n').filter((l) => l.includes(word));
const cellsIn = (line: string) => line.match(/\b[A-Z]\d{1,2}\b/g) ?? [];

/** Checks common to every game: the limits, the header first, and the pointer to the rest when something is left out. */
function expectAltShape(p: SeededPosition, locale: Locale, alt: string, position: PositionDescription): void {
  expect(alt.length, `${p.label} ${locale}`).toBeLessThanOrEqual(MAX_ALT_CHARS);
  const title = t(locale, `${p.def.id}:title`);
  expect(alt.startsWith(title), `${p.label} ${locale}: ${alt}`).toBe(true);
  // Every part is said whole in the alt text (in one of its whole sayings), else it ends with the pointer to the rest.
  const all = position.parts.every((part) => part.brief.some((b) => b.whole && alt.includes(b.text)));
  if (!all) expect(alt.endsWith(more(locale)), `${p.label} ${locale}: ${alt}`).toBe(true);
  // The most important part is always there.
  expect(position.parts[0]!.brief.some((b) => alt.includes(b.text)), `${p.label} ${locale}: ${alt}`).toBe(true);
}

describe('Siege Master in words', () => {
  const positions = SEEDS.flatMap((seed) => [
    ...seededPositions('siege-master', seed, [0, 1, 2, 9, 24, 999]),
    ...seededPositions('siege-master', `${seed}-draft`, [0, 4, 30], { fortresses: 'draft', map: 'hex' }),
  ]);

  it('given seeded positions, then every fortress is named with its holder and every army by its cells, in every language', () => {
    for (const p of positions) {
      for (const locale of LOCALES) {
        const { alt, text, position } = described(p, locale);
        expectAltShape(p, locale, alt, position);
        const fortressText = partText(position.parts.find((x) => x.id === 'fortresses')!);
        const armyText = partText(position.parts.find((x) => x.id === 'armies')!);
        for (const seat of [0, 1]) {
          const name = seatName(locale, 'siege-master', seat);
          const held = p.view.cells.filter((c: any) => c.fortress?.owner === seat).map((c: any) => c.label).sort();
          const line = linesWith(fortressText, name)[0] ?? '';
          expect(cellsIn(line).sort(), `${p.label} ${locale}: ${line}`).toEqual(held);
          const armies = p.view.armies.filter((a: any) => a.seat === seat);
          const armyLine = linesWith(armyText, name)[0] ?? '';
          for (const a of armies) {
            expect(armyLine, `${p.label} ${locale}`).toContain(a.cells.join(' '));
            // The alt text names each army by its cells, or by its two ends.
            expect(alt.includes(a.cells.join(' ')) || alt.includes(`${a.cells[0]}–${a.cells.at(-1)}`), `${p.label} ${locale}: ${alt}`).toBe(true);
          }
          expect(cellsIn(armyLine).length, `${p.label} ${locale}`).toBe(armies.length * 4);
        }
        const neutral = p.view.cells.filter((c: any) => c.fortress && c.fortress.owner === null).map((c: any) => c.label);
        for (const label of neutral) expect(cellsIn(fortressText), `${p.label} ${locale}`).toContain(label);
        // Every fortress is in the alt text too: it is the part said first.
        for (const c of p.view.cells.filter((x: any) => x.fortress)) expect(cellsIn(alt), `${p.label} ${locale}: ${alt}`).toContain(c.label);
        if (p.view.lastArmy) expect(text, p.label).toContain(p.view.lastArmy.cells.join(' '));
      }
    }
  });

  it('given seeded positions, then the board table holds every land cell as the view has it, row by row and column by column', () => {
    for (const p of positions) {
      const { position } = described(p, 'en-US');
      const table = position.parts.find((x) => x.id === 'map')!.table!;
      expect(table.rows).toHaveLength(p.view.rows);
      expect(table.columns).toHaveLength(p.view.columns + 1);
      let land = 0;
      table.rows.forEach((row, r) => {
        expect(row.header).toBe(String(r + 1));
        row.cells.forEach((cell, c) => {
          const label = `${table.columns[c + 1]}${r + 1}`;
          const v = p.view.cells.find((x: any) => x.label === label);
          if (!v) return expect(cell, label).toBe('');
          land++;
          const seat = (s: number) => seatName('en-US', 'siege-master', s);
          const want = v.fortress ? (v.fortress.owner === null ? 'neutral fortress' : `fortress of ${seat(v.fortress.owner)}`) : v.army ? `army of ${seat(v.army.seat)}` : 'empty';
          expect(cell, `${p.label} ${label}`).toBe(want);
        });
      });
      expect(land, p.label).toBe(p.view.cells.length);
    }
  });
});

describe('Dice Realms in words', () => {
  const positions = SEEDS.flatMap((seed) => [
    ...seededPositions('dice-realms', seed, [0, 1, 2, 3, 11, 40, 999]),
    ...seededPositions('dice-realms', `${seed}-fast`, [5, 60], { variant: 'fast' }),
  ]);

  it('given seeded positions, then both realms are said die by die (resources, territories, units), in the description and the alt text, in every language', () => {
    for (const p of positions) {
      for (const locale of LOCALES) {
        const { alt, text, position } = described(p, locale);
        expectAltShape(p, locale, alt, position);
        expect(alt.endsWith(more(locale)), `${p.label} ${locale}: nothing is left out of a Dice Realms alt text`).toBe(false);
        p.view.realms.forEach((realm: any, s: number) => {
          const seat = seatName(locale, 'dice-realms', s);
          const term = (kind: string, key: string) => t(locale, `dice-realms:terms.${kind}.${key}`);
          const lines = linesWith(text, `${seat},`);
          for (const [key, r] of Object.entries<any>(realm.resources)) {
            expect(lines.join('\n'), `${p.label} ${locale}`).toContain(`${term('resource', key)} ${r.value} `);
            expect(alt, `${p.label} ${locale}`).toContain(`${term('resource', key)} ${r.value} `);
          }
          for (const [key, x] of Object.entries<any>(realm.territories)) {
            expect(lines.join('\n'), `${p.label} ${locale}`).toContain(`${term('territory', key)} ${x.destroyed ? '' : `${x.health} `}`);
          }
          for (const [key, u] of Object.entries<any>(realm.units)) {
            const status = u.status === 'active' ? `${u.value} ` : t(locale, `dice-realms:board.status.${u.status}`, { context: key });
            expect(lines.join('\n'), `${p.label} ${locale}`).toContain(`${term('unit', key)} ${status}`);
            expect(alt, `${p.label} ${locale}`).toContain(`${term('unit', key)} ${status}`);
          }
        });
        // The table: one row a die, one column a realm, as the view has them.
        const table = position.parts.find((x) => x.id === 'realms')!.table!;
        expect(table.columns.slice(1)).toEqual([0, 1].map((s) => seatName(locale, 'dice-realms', s)));
        expect(table.rows).toHaveLength(10);
        const food = table.rows.find((r) => r.header === t(locale, 'dice-realms:terms.resource.food'))!;
        expect(food.cells.map((c) => Number(c.split(' ')[0])), p.label).toEqual(p.view.realms.map((r: any) => r.resources.food.value));
      }
    }
  });
});

describe('the Kingdoms games in words', () => {
  const positions = SEEDS.flatMap((seed) => [
    ...seededPositions('kingdoms-siege', seed, [0, 1, 6, 30, 999]),
    ...seededPositions('kingdoms-solo', seed, [0, 1, 6, 30, 999]),
  ]);

  it('given seeded positions, then every region says who stands there, and both sides their resources, in every language', () => {
    for (const p of positions) {
      for (const locale of LOCALES) {
        const { alt, text, position } = described(p, locale);
        expectAltShape(p, locale, alt, position);
        const sideName = (side: number) => speaker(locale).sayOr(p.view.sides[side].namePhrase, p.def.id, p.view.sides[side].name);
        for (const card of p.view.cards) {
          const cardText = partText(position.parts.find((x) => x.id === `card-${card.slot}`)!);
          for (const r of card.regions) {
            const line = linesWith(cardText, ` ${r.name} (`)[0] ?? '';
            expect(line, `${p.label} ${locale} ${r.name}`).not.toBe('');
            for (const o of r.occupants) expect(line, `${p.label} ${locale}`).toContain(`${sideName(o.side)} ${o.count}`);
            if (!r.occupants.length) expect(line, `${p.label} ${locale}`).toContain(t(locale, 'render:describe.kingdoms.empty'));
            // Who stands where is in the alt text, unless it ends with the pointer to the rest.
            for (const o of r.occupants) if (!alt.endsWith(more(locale)) || alt.includes(card.name)) expect(alt, `${p.label} ${locale}`).toContain(`${r.name} ${sideName(o.side)} ${o.count}`);
          }
          // Neighbours as the card's edges say.
          const table = position.parts.find((x) => x.id === `card-${card.slot}`)!.table!;
          expect(table.rows).toHaveLength(card.regions.length);
        }
        for (const s of p.view.sides) {
          for (const r of ['food', 'mana', 'ore']) {
            const said = `${t(locale, `kingdoms:terms.resource.${r}`)} ${s.resources[r]}`;
            expect(text, `${p.label} ${locale}`).toContain(said);
            expect(alt, `${p.label} ${locale}`).toContain(said);
          }
        }
      }
    }
  });
});

describe('Two Deck Siege in words', () => {
  const positions = SEEDS.flatMap((seed) => [
    ...seededPositions('two-deck-siege', seed, [0, 1, 5, 15, 40, 999]),
    ...seededPositions('two-deck-siege', `${seed}-rect`, [3, 25], { castle: 'rectangle', reinforcements: 2 }),
  ]);

  it('given seeded positions, then every wall and tower says its strength and defenders, every enemy its band, the courtyard and the decks their counts, in every language', () => {
    for (const p of positions) {
      for (const locale of LOCALES) {
        const { alt, text, position } = described(p, locale);
        expectAltShape(p, locale, alt, position);
        const castle = partText(position.parts.find((x) => x.id === 'castle')!);
        for (const c of p.view.castle) {
          const line = linesWith(castle, ` ${c.id}`)[0] ?? '';
          expect(line, `${p.label} ${locale} ${c.id}`).not.toBe('');
          if (!c.destroyed) expect(line).toContain(`${c.left} `);
          for (const d of c.defenders) expect(line, `${p.label} ${locale}`).toContain(`(${d.id}`);
          // Each wall and tower is in the alt text, with its strength.
          expect(alt, `${p.label} ${locale}`).toMatch(new RegExp(c.destroyed ? `\\b${c.id}\\b` : `\\b${c.id}\\W{1,3}${c.left}\\b`));
        }
        for (const f of p.view.field) {
          if (!f.enemies.length) continue;
          const sideText = partText(position.parts.find((x) => x.id === `side-${f.side}`)!);
          const line = linesWith(sideText, f.cell)[0] ?? '';
          for (const e of f.enemies) {
            expect(line, `${p.label} ${locale} ${f.cell}`).toContain(`(${e.id}`);
            if (!alt.endsWith(more(locale))) expect(alt).toContain(e.id);
          }
        }
        const courtyard = partText(position.parts.find((x) => x.id === 'courtyard')!);
        for (const u of [...p.view.courtyard.defenders, ...p.view.courtyard.enemies]) expect(courtyard, p.label).toContain(`(${u.id}`);
        expect(text, p.label).toContain(t(locale, 'render:describe.two-deck-siege.enemyDeck', { count: p.view.enemyDeck.size, side: t(locale, `two-deck-siege:terms.sides.${p.view.enemyDeck.side}`) }));
        expect(text, p.label).toContain(t(locale, 'render:describe.two-deck-siege.yourDeck', { count: p.view.playerDeck.size }));
        // The enemies of each side on the side's grid, band by band.
        for (const side of ['N', 'E', 'S', 'W']) {
          const table = position.parts.find((x) => x.id === `side-${side}`)!.table!;
          for (const f of p.view.field.filter((x: any) => x.side === side)) {
            const cell = table.rows[3 - f.band]!.cells[table.columns.indexOf(f.wall) - 1]!;
            for (const e of f.enemies) expect(cell, `${p.label} ${f.cell}`).toContain(`(${e.id}`);
            if (!f.enemies.length) expect(cell).toBe('');
          }
        }
      }
    }
  });
});

describe('an alt text with a lead (a preview\'s)', () => {
  it('given a lead, then it is said first and the whole still keeps within 1,024 characters, ending with the pointer to the rest when cut', () => {
    for (const p of seededPositions('siege-master', 'describe-lead', [30])) {
      for (const locale of LOCALES) {
        const lead = t(locale, 'discord:moves.previewAlt', { count: 7 });
        const alt = boardAlt(speaker(locale), p.def, p.game, { index: p.plies, last: p.plies, view: p.view, lead });
        expect(alt.startsWith(`${lead} `), `${p.label} ${locale}`).toBe(true);
        expect(alt.length).toBeLessThanOrEqual(MAX_ALT_CHARS);
        expect(alt.endsWith(more(locale)), `${p.label} ${locale}: ${alt}`).toBe(true);
      }
    }
  });
});
