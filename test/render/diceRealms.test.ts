// Given Dice Realms positions reached by seeded play (opening, mid-game with a ruined territory and
// felled units, an attack waiting for a defender, a finished game), then the board renders to a
// real PNG under the size limit that names what a player needs. PNGs land in test/.out/render/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { diceRealmsSampleViews, type SampleView } from '../../bench/render-dice-realms.js';
import { renderDiceRealmsBoard, statusLine } from '../../src/render/dice-realms/board.js';
import { SPENT_OPACITY } from '../../src/render/dice-realms/dice.js';
import { BOARD_SCALE, boardRenderers, renderBoardPng, renderBoardSvg } from '../../src/render/index.js';
import { pngSize } from '../../src/render/rasterize.js';
import { palette } from '../../src/render/svg.js';
import { expectTextsFit } from './textFit.js';
import { expectReadableText } from './textSize.js';

const OUT = fileURLToPath(new URL('../.out/render/', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PNG_BYTES = 700 * 1024;
const PALETTES = ['standard', 'colourblind'] as const;

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

let samples: SampleView[] = [];
const sample = (name: string) => {
  const s = samples.find((v) => v.name === name);
  if (!s) throw new Error(`no sample ${name}`);
  return s;
};

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  samples = diceRealmsSampleViews();
});

describe('dice-realms sample positions', () => {
  it('given seeded play, then the samples cover the opening, ruin and felled units, a defender decision and the end', () => {
    expect(sample('opening').state.turn).toBe(1);
    const mid = sample('midgame').state;
    expect(mid.phase).toBe('attack');
    expect(mid.attacked.length).toBeGreaterThanOrEqual(2);
    expect(mid.realms.some((r) => r.farms === 0 || r.city === 0)).toBe(true);
    expect(mid.realms.some((r) => r.felled.length > 0)).toBe(true);
    expect(sample('defend').state.phase).toBe('defend');
    expect(sample('over').state.phase).toBe('over');
    expect(sample('midgame-fast').state.variant).toBe('fast');
  });
});

describe('renderDiceRealmsBoard', () => {
  it('is registered for dice-realms', () => {
    expect(Object.hasOwn(boardRenderers, 'dice-realms')).toBe(true);
    expect(renderBoardSvg('dice-realms', sample('opening').view)).toBe(renderDiceRealmsBoard(sample('opening').view, {}));
  });

  it('given each position and palette, then a compact PNG under 700 KB', async () => {
    for (const { name, view } of samples) {
      for (const pal of PALETTES) {
        const png = await renderBoardPng('dice-realms', view, { palette: pal });
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE), `${name} ${pal}`).toBe(true);
        expect(png.length, `${name} ${pal}`).toBeLessThan(MAX_PNG_BYTES);
        const { width, height } = pngSize(png);
        // Laid out 1,000 units wide, 600–900 high, and drawn at BOARD_SCALE.
        expect(width).toBe(Math.ceil(1000 * BOARD_SCALE));
        expect(height).toBeGreaterThan(600 * BOARD_SCALE);
        expect(height).toBeLessThanOrEqual(Math.ceil(900 * BOARD_SCALE));
        writeFileSync(`${OUT}dice-realms-${name}-${pal}.png`, png);
      }
    }
  });

  it('given any position, then no text is smaller than 2.5 % of the width, so it stays legible on a phone', () => {
    for (const { name, view } of samples) {
      for (const pal of PALETTES) expectReadableText(renderDiceRealmsBoard(view, { palette: pal }), `${name} ${pal}`);
    }
  });

  it('given a position, then it names both seats, the turn, every die and the status', () => {
    for (const { name, view } of samples) {
      const all = texts(renderDiceRealmsBoard(view, {}));
      expect(all, name).toContain('Red');
      expect(all, name).toContain('Blue');
      expect(all.join('\n'), name).toContain(`Turn ${view.turn}`);
      for (const label of ['Food', 'Population', 'Military', 'Farms', 'City', 'Keep', 'Infantry', 'Ranged', 'Cavalry', 'Siege']) {
        expect(all.filter((t) => t === label).length, `${name}: ${label}`).toBe(2);
      }
      expect(all, name).toContain(statusLine(view));
      for (const realm of view.realms) {
        for (const t of Object.values(realm.territories)) {
          if (!t.destroyed) expect(all, name).toContain(`${t.health} of ${t.max}`);
        }
        for (const r of Object.values(realm.resources)) expect(all, name).toContain(`max ${r.max}`);
      }
    }
  });

  it('given the opening, then Red is to gather and every unit waits untrained', () => {
    const { view } = sample('opening');
    const all = texts(renderDiceRealmsBoard(view, {}));
    expect(all).toContain('Red to play: gather at the Farms, City or Keep.');
    expect(all).toContain('TO PLAY');
    expect(all.filter((t) => t === 'not trained')).toHaveLength(8);
  });

  it('given a ruined territory and felled units, then they are marked so; units that attacked are dimmed', () => {
    const { view, state } = sample('midgame');
    const svg = renderDiceRealmsBoard(view, {});
    const all = texts(svg);
    const ruined = state.realms.flatMap((r) => (['farms', 'city'] as const).filter((t) => r[t] === 0));
    expect(all.filter((t) => t === 'RUINED')).toHaveLength(ruined.length);
    const felled = state.realms.flatMap((r) => r.felled.filter((u) => r[u] === 0));
    expect(all.filter((t) => t === 'felled')).toHaveLength(felled.length);
    const dimmed = state.attacked.filter((u) => state.realms[state.active]![u] > 0);
    expect(all.filter((t) => t === 'attacked')).toHaveLength(dimmed.length);
    expect(svg.split(`fill-opacity="${SPENT_OPACITY}"`).length - 1).toBe(dimmed.length);
  });

  it('given rolls this turn and last turn, then each shows as a chip beside its die, gold for this turn', () => {
    for (const { name, view } of samples) {
      for (const pal of PALETTES) {
        const p = palette(pal);
        const svg = renderDiceRealmsBoard(view, { palette: pal });
        const chips = (fill: string) => (svg.match(new RegExp(`width="36" height="36" rx="8" fill="${fill}"`, 'g')) ?? []).length;
        // The die a roll belongs to: the resource gathered, or the unit that struck.
        const perDie = new Map<string, number>();
        const rolls = [...(view.rolls.lastTurn?.rolls ?? []), ...view.rolls.thisTurn];
        for (const r of rolls) {
          const key = `${r.seat}:${r.for.startsWith('gather-') ? r.for : r.for.split('-')[0]}`;
          perDie.set(key, (perDie.get(key) ?? 0) + 1);
        }
        const fresh = view.rolls.thisTurn.length;
        const old = rolls.length - fresh;
        // One chip of each kind is the key in the header; a die shows at most its last three rolls.
        if ([...perDie.values()].every((k) => k <= 3)) {
          expect(chips(p.highlight) - 1, `${name} ${pal}`).toBe(fresh);
          expect(chips('#ffffff') - 1, `${name} ${pal}`).toBe(old);
        } else {
          expect(chips(p.highlight) + chips('#ffffff') - 2, `${name} ${pal}`).toBeGreaterThanOrEqual(perDie.size);
        }
        for (const r of rolls) expect(texts(svg), `${name}: roll ${r.face}`).toContain(String(r.face));
      }
    }
    expect(samples.some((v) => v.view.rolls.thisTurn.length > 0 && (v.view.rolls.lastTurn?.rolls.length ?? 0) > 0)).toBe(true);
  });

  it('given an attack waiting for a defender, then the board says so and rings the attacker and its target', () => {
    const { view } = sample('defend');
    const svg = renderDiceRealmsBoard(view, {});
    const all = texts(svg);
    const pend = view.pending!;
    const defender = view.realms[1 - pend.attacker]!;
    expect(all).toContain(`Waiting for ${defender.name}: defend the ${defender.territories[pend.target].name} with a unit, or none.`);
    expect(all).toContain('TO DEFEND');
    expect(all.some((t) => t.includes(`attacks ${defender.name}'s ${defender.territories[pend.target].name}`))).toBe(true);
    expect(all).toContain('attacking');
    const gold = palette('standard').highlight;
    expect(svg.match(new RegExp(`<path d="[^"]*" fill="${gold}" stroke="${gold}"`, 'g')) ?? []).toHaveLength(2);
  });

  it('given a finished game, then the winner is named and the fallen Keep is ruined', () => {
    const { view } = sample('over');
    const all = texts(renderDiceRealmsBoard(view, {}));
    const winner = view.realms[view.outcome!.winners[0]!]!.name;
    expect(all.some((t) => t.startsWith(`${winner} wins!`))).toBe(true);
    expect(all).toContain('WINS');
    expect(all).toContain('FALLEN');
    expect(all).not.toContain('TO PLAY');
  });

  it('given player names up to Discord\'s 32 characters, then each banner shows its name whole beside the note of the seat that waits, and 32 wide capitals as far as they fit', () => {
    const names = ['Alexandra the Great', 'AI (easy)', 'Bartholomew Featherstonehaugh-Sm', 'Wolfeschlegelsteinhausenbergerdo', 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'];
    const notes = ['defence: strongest', 'defence: ask'];
    for (const { name, view } of samples) {
      for (const [a, b] of [[names[0]!, names[1]!], [names[2]!, names[3]!], [names[3]!, names[4]!]] as [string, string][]) {
        const svg = renderDiceRealmsBoard(view, { players: [a, b], seatNotes: notes });
        const all = texts(svg);
        expect(all, name).toContain(`Red · ${a}`);
        // 32 capital Ws (about 780 px at the smallest size) are wider than a banner holds beside a
        // note or what the seat must do: that name alone is shortened, never drawn over them.
        if (b === names[4]) expect(all.some((t) => t === `Blue · ${b}` || (t.startsWith('Blue · WWWW') && t.endsWith('…'))), name).toBe(true);
        else expect(all, name).toContain(`Blue · ${b}`);
        // The policy of a seat that is not to act; the seat to act shows what it must do.
        for (const seat of [0, 1]) {
          if (view.phase !== 'over' && !view.toAct.includes(seat)) expect(all, `${name} seat ${seat}`).toContain(notes[seat]);
        }
        expectReadableText(svg, `${name} with names`);
        expectTextsFit(svg, `${name} with names`);
      }
    }
  });

  it('given a name longer than the banner holds, then only that name is shortened, with an ellipsis', () => {
    const { view } = sample('defend');
    const long = 'Bartholomew Featherstonehaugh-Smythe of the Western Isles';
    const all = texts(renderDiceRealmsBoard(view, { players: [long, 'AI (normal)'], seatNotes: ['defence: strongest', 'defence: ask'] }));
    const red = all.find((t) => t.startsWith('Red · '))!;
    expect(red.endsWith('…')).toBe(true);
    expect(long.startsWith(red.slice('Red · '.length, -1).trimEnd())).toBe(true);
    expect(red.length).toBeGreaterThan('Red · Bartholomew Featherstonehaugh'.length);
    expect(all).toContain('Blue · AI (normal)');
  });

  it('given the colour-blind palette, then Red is drawn orange with stripes and says so', () => {
    const { view } = sample('midgame');
    const svg = renderDiceRealmsBoard(view, { palette: 'colourblind' });
    expect(svg).toContain(`fill="${palette('colourblind').seats[0]!.fill}"`);
    expect(svg).not.toContain(`fill="${palette('standard').seats[0]!.fill}"`);
    expect(svg).toContain('stroke-opacity="0.6"');
    expect(texts(svg)).toContain('Red (orange)');
  });
});
