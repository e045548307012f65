// The card data: the seed's counts, texts that state the numbers the engine plays, and a siege
// that can always be lost (no defender out-shields every enemy).
import { describe, expect, it } from 'vitest';
import { DATA, RULES } from '../../../src/games/two-deck-siege/index.js';
import { rulesText } from '../../../src/games/two-deck-siege/rulesText.js';

describe('card data', () => {
  it('has the seed counts: 30 enemy units, 6 events (2 Reinforcements), 26 regulars, 4 specials, 24 orders', () => {
    const sum = (list: { count: number }[]) => list.reduce((a, c) => a + c.count, 0);
    expect(sum(DATA.enemies)).toBe(30);
    expect(sum(DATA.events)).toBe(6);
    expect(DATA.events.find((e) => e.key === 'reinforcements')!.count).toBe(2);
    expect(sum(DATA.defenders)).toBe(26);
    expect(sum(DATA.specials)).toBe(4);
    expect(sum(DATA.orders)).toBe(24);
  });

  it('order and event texts state the numbers the engine plays', () => {
    for (const o of DATA.orders) {
      if (o.effect.kind === 'move' || o.effect.kind === 'repair' || o.effect.kind === 'rest') expect(o.text, o.name).toContain(`${o.effect.units} units`);
    }
    const rein = DATA.events.find((e) => e.key === 'reinforcements')!;
    const fx = rein.effect as { cards: number; draw?: number };
    expect(rein.text).toContain(`last ${fx.cards} killed`);
    expect(rein.text).toContain(`${fx.draw} more enemy cards`);
  });

  it('every defender can be wounded by some enemy, so a siege can always be lost', () => {
    const strongest = Math.max(...DATA.enemies.map((e) => e.swords));
    for (const d of [...DATA.defenders, ...DATA.specials]) expect(d.shields, d.name).toBeLessThan(strongest);
  });

  it('the Necromancer raises a bounded number of the dead, and the rules say why the turn limit exists', () => {
    const nec = DATA.enemies.find((e) => e.key === 'necromancer')!;
    expect(nec.raiseTotal).toBeGreaterThan(0);
    expect(rulesText).toContain(`after ${RULES.turnLimit} turns`);
    expect(rulesText).toContain('deadlock');
  });
});
