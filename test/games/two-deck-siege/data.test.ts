// The card data: the seed's counts, texts that state the numbers the engine plays, and a siege
// that can always be lost (no defender out-shields every enemy).
import { describe, expect, it } from 'vitest';
import { DATA, RULES } from '../../../src/games/two-deck-siege/index.js';
import { rulesText } from '../../../src/games/two-deck-siege/rulesText.js';
import { attackTargets } from '../../../src/games/two-deck-siege/orders.js';
import { act, given, ofType } from './scenario.js';

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

  it("the Troll's text says who reaches it in band 3: an archer on its wall or in the tower beside it, never a crossbow, even from a tower", () => {
    const troll = DATA.enemies.find((e) => e.key === 'troll')!;
    expect(troll.why).toContain('a crossbow falls one short, even from a tower');
    expect(troll.why).not.toMatch(/longbows, towers/);
    /** Whether the unit `id` standing at `at` could attack a Troll in band 3 before N1. */
    const reaches = (id: string, at: string) => {
      const s = given({ defenders: [{ id, at }], enemies: [{ id: 'tro1', at: 'N1-3' }] });
      return attackTargets(s, s.defenders.find((d) => d.id === id)!).some((e) => e.id === 'tro1');
    };
    expect([reaches('arc1', 'N1'), reaches('arc1', 'NW'), reaches('arc1', 'N2'), reaches('arc1', 'NE')]).toEqual([true, true, false, false]);
    expect([reaches('xbo1', 'N1'), reaches('xbo1', 'NW'), reaches('gry', 'NW'), reaches('wiz', 'NW')]).toEqual([false, false, false, false]);
  });

  it('a summoned defender enters the courtyard in words that agree with its name: the Stone Golem enters, the Dwarves enter', () => {
    const summon = (order: string, card: string) => ofType(act(given({ hand: [`${order}.1`, card] }), `play ${order}`).events, 'summon')[0]!.text;
    expect(summon('wake-golem', 'gol')).toBe('✨ Wake the Golem: the Stone Golem enters the courtyard.');
    expect(summon('call-gryphon', 'gry')).toBe('✨ Call the Gryphon: the Gryphon enters the courtyard.');
    expect(summon('dwarven-pact', 'dwa')).toBe('✨ Dwarven Pact: the Dwarves enter the courtyard.');
    expect(summon('knights-oath', 'kni')).toBe("✨ Knights' Oath: the Knights enter the courtyard.");
  });
});
