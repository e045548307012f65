// Scenarios from the rules: movement, targets, siege, the courtyard, distance and sight, tiredness,
// rest, repair, orders, events, and the end of the game. Positions are built with buildPosition;
// the enemy deck is set so that each attacker turn draws exactly what the scenario needs.
import { describe, expect, it } from 'vitest';
import { distance, strength, exhausted, score, ENEMY, EVENT } from '../../../src/games/two-deck-siege/index.js';
import { act, acts, enemyAt, given, legal, ofType, unit } from './scenario.js';

const AUTO = { autoChoose: true };
const none: string[] = [];

describe('enemy movement', () => {
  it('moves straight ahead one band when the cell ahead holds 0 or 1', () => {
    const s = given({ options: AUTO, enemies: [{ id: 'gob1', at: 'N1-3' }, { id: 'gob2', at: 'N2-2' }, { id: 'gob3', at: 'N2-1' }], defenders: [{ id: 'maa1', at: 'N2' }], enemyDeck: none });
    const r = act(s, 'end turn');
    expect(enemyAt(r.state, 'gob1')).toBe('N1-2');
    expect(enemyAt(r.state, 'gob2')).toBe('N2-1');
    expect(ofType(r.events, 'enemy-move').map((e) => [e.card, e.from, e.to])).toContainEqual(['Goblin Stabber', 'N1-3', 'N1-2']);
  });

  it('slides diagonally to the next wall clockwise when two block the way, and otherwise stays put', () => {
    const s = given({
      options: AUTO,
      defenders: [{ id: 'maa1', at: 'N1' }, { id: 'maa2', at: 'N2' }],
      enemies: [
        { id: 'gob1', at: 'N1-1' }, { id: 'gob2', at: 'N1-1' }, { id: 'gob3', at: 'N2-1' }, { id: 'gob4', at: 'N2-1' },
        { id: 'gob5', at: 'N1-2' }, { id: 'gob6', at: 'N1-2' }, { id: 'gob7', at: 'N1-3' },
      ],
      enemyDeck: none,
    });
    const r = act(s, 'end turn').state;
    expect(enemyAt(r, 'gob5')).toBe('N1-2');
    expect(enemyAt(r, 'gob6')).toBe('N1-2');
    expect(enemyAt(r, 'gob7')).toBe('N2-2');
    expect(enemyAt(r, 'gob1')).toBe('N1-1');
  });

  it('slides around the corner to the first wall of the next side', () => {
    const s = given({
      options: AUTO,
      defenders: [{ id: 'maa1', at: 'N2' }, { id: 'maa2', at: 'E1' }],
      enemies: [
        { id: 'gob1', at: 'N2-1' }, { id: 'gob2', at: 'N2-1' }, { id: 'gob3', at: 'E1-1' }, { id: 'gob4', at: 'E1-1' },
        { id: 'hob1', at: 'N2-2' }, { id: 'hob2', at: 'N2-2' }, { id: 'hob3', at: 'N2-3' },
      ],
      enemyDeck: none,
    });
    const r = act(s, 'end turn').state;
    expect(enemyAt(r, 'hob1')).toBe('N2-2');
    expect(enemyAt(r, 'hob3')).toBe('E1-2');
  });

  it('ranged enemies hold at their range unless they see a breach on their side', () => {
    const base = { options: AUTO, enemies: [{ id: 'ske1', at: 'N1-2' }, { id: 'tro1', at: 'E1-3' }], defenders: [{ id: 'maa1', at: 'N1' }], enemyDeck: none };
    const held = act(given(base), 'end turn').state;
    expect(enemyAt(held, 'ske1')).toBe('N1-2');
    expect(enemyAt(held, 'tro1')).toBe('E1-3');
    const breached = act(given({ ...base, destroyed: ['N2'] }), 'end turn').state;
    expect(enemyAt(breached, 'ske1')).toBe('N1-1');
    expect(enemyAt(breached, 'tro1')).toBe('E1-3');
  });

  it('enters the courtyard through a breach or over an undefended wall; the first entry surges morale', () => {
    const s = given({
      options: AUTO,
      enemies: [{ id: 'gob1', at: 'N1-1' }, { id: 'gob2', at: 'E1-1' }],
      defenders: [{ id: 'maa1', at: 'E1' }],
      destroyed: ['E1'],
      enemyDeck: ['hob1', 'hob2', 'hob3', 'hob4', 'hob5', 'hob6'],
      enemyDiscard: ['ogr1', 'ogr2', 'ogr3', 'ogr4'],
    });
    const r = act(s, 'end turn');
    expect(enemyAt(r.state, 'gob1')).toBe('courtyard');
    expect(enemyAt(r.state, 'gob2')).toBe('courtyard');
    expect(ofType(r.events, 'courtyard').map((e) => e.card)).toEqual(['Goblin Stabber', 'Goblin Stabber']);
    expect(ofType(r.events, 'morale-surge')).toHaveLength(1);
    // 3 drawn at the turn's start, 3 more in the surge; 3 killed enemies rejoin the deck.
    expect(ofType(r.events, 'enemy-draw')).toHaveLength(6);
    expect(r.state.enemyDiscard).toEqual(['ogr1']);
    expect(r.state.enemyDeck).toHaveLength(3);
    expect(r.state.surged).toBe(true);
  });
});

describe('enemy attacks', () => {
  it('strike the most wounded defender in front, and ask the player between equals', () => {
    // The skeleton's 3 swords would wound the unhurt archer (2 shields), yet it strikes the wounded
    // man-at-arms in front, whose 3 shields turn it.
    const s = given({ enemies: [{ id: 'ske1', at: 'N1-1' }], defenders: [{ id: 'maa1', at: 'N1', wounds: 1 }, { id: 'arc1', at: 'N1' }], enemyDeck: none });
    const r = act(s, 'end turn');
    const attack = ofType(r.events, 'attack')[0]!;
    expect([attack.attacker, attack.target, attack.hit]).toEqual(['Skeleton Archer', 'Men-at-arms', false]);
    const tie = given({ enemies: [{ id: 'hob1', at: 'N1-1' }], defenders: [{ id: 'maa1', at: 'N1' }, { id: 'arc1', at: 'N1' }], enemyDeck: none });
    const asked = act(tie, 'end turn').state;
    expect(asked.phase).toBe('attacker');
    expect(asked.pending!.question.kind).toBe('target');
    expect(legal(asked)).toEqual(['choose maa1', 'choose arc1']);
    const answered = act(asked, 'choose arc1');
    expect(ofType(answered.events, 'attack')[0]!.target).toBe('Archer');
    expect(answered.state.phase).not.toBe('attacker');
  });

  it('out of front, strike the most wounded in range, then the lowest shields; towers are a step further', () => {
    const s = given({ options: AUTO, enemies: [{ id: 'ske1', at: 'N1-2' }], defenders: [{ id: 'maa1', at: 'NW' }, { id: 'arc1', at: 'NE' }, { id: 'pik1', at: 'N2' }], enemyDeck: none });
    // ske1 (range 2) at N1-2: N1 empty; NW at distance 3, N2 at 3: nobody in range.
    expect(ofType(act(s, 'end turn').events, 'attack')).toHaveLength(0);
    const near = given({ options: AUTO, enemies: [{ id: 'ske1', at: 'N1-2' }], defenders: [{ id: 'maa1', at: 'N1', wounds: 1 }, { id: 'arc1', at: 'N1' }], enemyDeck: none });
    expect(ofType(act(near, 'end turn').events, 'attack')[0]!.target).toBe('Men-at-arms');
  });

  it('siege enemies damage the wall they face; at its rating the wall is breached and its defenders drop', () => {
    const s = given({ options: AUTO, enemies: [{ id: 'ram1', at: 'N1-1' }], defenders: [{ id: 'maa1', at: 'N1' }], damage: { N1: 12 }, enemyDeck: none });
    const r = act(s, 'end turn');
    expect(ofType(r.events, 'wall-damage').map((e) => [e.wall, e.points])).toEqual([['N1', 2]]);
    expect(ofType(r.events, 'breach').map((e) => e.wall)).toEqual(['N1']);
    expect(unit(r.state, 'maa1')!.at).toBe('courtyard');
    const far = given({ options: AUTO, enemies: [{ id: 'tro1', at: 'N1-3' }], enemyDeck: none, defenders: [{ id: 'maa1', at: 'N1' }] });
    expect(ofType(act(far, 'end turn').events, 'wall-damage').map((e) => e.points)).toEqual([1]);
  });
});

describe('distance and sight', () => {
  const L = { N: 2, E: 2, S: 2, W: 2 } as const;
  it('counts bands plus wall cards, with a tower one step past the end wall', () => {
    expect(distance(L, 'N1', 'N1-1')).toBe(1);
    expect(distance(L, 'N1', 'N2-1')).toBe(2);
    expect(distance(L, 'N1', 'N2-3')).toBe(4);
    expect(distance(L, 'NE', 'N2-1')).toBe(2);
    expect(distance(L, 'NE', 'E1-1')).toBe(2);
    expect(distance(L, 'NW', 'N2-2')).toBe(4);
  });
  it('walls see their side, towers both sides, the courtyard only the courtyard', () => {
    expect(distance(L, 'N1', 'E1-1')).toBeNull();
    expect(distance(L, 'NE', 'S1-1')).toBeNull();
    expect(distance(L, 'courtyard', 'N1-1')).toBeNull();
    expect(distance(L, 'courtyard', 'courtyard')).toBe(1);
    expect(distance(L, 'S2', 'courtyard')).toBe(1);
  });
  it('a tower adds one to its defenders range', () => {
    const s = given({ defenders: [{ id: 'maa1', at: 'NE' }], enemies: [{ id: 'gob1', at: 'E1-1' }, { id: 'gob2', at: 'E2-1' }], hand: ['volley.1', 'counter-charge.1'] });
    expect(legal(act(s, 'play counter-charge').state)).toContain('maa1 attack gob1');
    expect(legal(act(s, 'play counter-charge').state)).not.toContain('maa1 attack gob2');
  });
});

describe('tiredness and rest', () => {
  it('each tired token beyond the swords takes a sword; twice the swords exhausts', () => {
    // Archers have 3 swords: 3 tokens cost nothing, 5 leave one sword, 6 exhaust them.
    const s = given({ defenders: [{ id: 'arc1', at: 'N1', tired: 5 }, { id: 'arc2', at: 'N1', tired: 6 }, { id: 'arc3', at: 'N2', tired: 3 }] });
    expect(strength(unit(s, 'arc3')!)).toBe(3);
    expect(strength(unit(s, 'arc1')!)).toBe(1);
    expect(exhausted(unit(s, 'arc1')!)).toBe(false);
    expect(exhausted(unit(s, 'arc2')!)).toBe(true);
    const withEnemy = given({ defenders: [{ id: 'arc1', at: 'N1', tired: 6 }], enemies: [{ id: 'gob1', at: 'N1-2' }], hand: ['volley.1'] });
    expect(legal(withEnemy)).not.toContain('play volley');
  });

  it('idle courtyard units rest at the end of the turn, but not with an enemy inside', () => {
    const s = given({ options: AUTO, defenders: [{ id: 'maa1', tired: 3 }], enemyDeck: none, enemies: [{ id: 'gob1', at: 'S1-3' }] });
    expect(unit(act(s, 'end turn').state, 'maa1')!.tired).toBe(1);
    const inside = given({ options: AUTO, defenders: [{ id: 'maa1', tired: 3 }], enemyDeck: none, enemies: [{ id: 'ram1', at: 'courtyard' }] });
    expect(unit(act(inside, 'end turn').state, 'maa1')!.tired).toBe(3);
  });
});

describe('repair', () => {
  it('a stone unit on its own wall repairs 2, not with an enemy adjacent; courtyard units repair any wall by 1', () => {
    const s = given({ defenders: [{ id: 'eng1', at: 'N1' }, { id: 'maa1', at: 'courtyard' }], damage: { N1: 4, E2: 3 }, hand: ['shore-up.1'] });
    const r = acts(s, 'play shore-up', 'eng1 repair N1', 'maa1 repair E2');
    expect(r.state.castle.find((c) => c.id === 'N1')!.damage).toBe(2);
    expect(r.state.castle.find((c) => c.id === 'E2')!.damage).toBe(2);
    expect(unit(r.state, 'eng1')!.tired).toBe(1);
    const blocked = given({ defenders: [{ id: 'eng1', at: 'N1' }], enemies: [{ id: 'gob1', at: 'N1-1' }], damage: { N1: 4 }, hand: ['shore-up.1'] });
    const after = act(blocked, 'play shore-up');
    expect(legal(after.state).filter((m) => m.startsWith('eng1'))).toEqual([]);
  });
});

describe('orders', () => {
  it('a generic attack orders one or two units of one wall; a courtyard unit alone', () => {
    const s = given({ defenders: [{ id: 'pik1', at: 'N1' }, { id: 'arc1', at: 'N1' }, { id: 'arc2', at: 'N2' }], enemies: [{ id: 'gob1', at: 'N1-1' }, { id: 'gob2', at: 'N2-2' }], hand: ['muster.1'] });
    const r = acts(s, 'play muster as attack', 'pik1 attack gob1');
    expect(legal(r.state)).toEqual(['arc1 attack gob2', 'done']);
    expect(ofType(r.events, 'attack')[0]!.hit).toBe(true);
  });

  it('a summoning order needs its defender card in hand and two plays', () => {
    const s = given({ hand: ['call-gryphon.1', 'gry', 'volley.1'] });
    const r = act(s, 'play call-gryphon');
    expect(unit(r.state, 'gry')!.at).toBe('courtyard');
    expect(r.state.plays).toBe(2);
    expect(legal(given({ hand: ['call-gryphon.1', 'volley.1'] }))).not.toContain('play call-gryphon');
  });

  it('spells: Fireball wounds a whole cell, Revive brings a fallen regular back, Stone Mend rebuilds a breach', () => {
    const s = given({ enemies: [{ id: 'gob1', at: 'N1-2' }, { id: 'hob1', at: 'N1-2' }], dead: ['arc1'], destroyed: ['E1'], hand: ['fire-and-faith.1', 'stone-and-spirit.1'] });
    const fire = acts(s, 'play fire-and-faith', 'wizard fireball N1-2');
    expect(fire.state.enemies.map((e) => [e.id, e.wounds])).toEqual([['hob1', 1]]);
    const stone = acts(fire.state, 'play stone-and-spirit', 'priest revive archer', 'wizard mend E1');
    expect(unit(stone.state, 'arc1')!.at).toBe('courtyard');
    expect(stone.state.castle.find((c) => c.id === 'E1')).toMatchObject({ destroyed: false, damage: 7 });
    expect(unit(stone.state, 'wiz')!.tired).toBe(2);
  });
});

describe('enemy events', () => {
  it('War Drums advance every enemy again; Sappers hit the most damaged wall', () => {
    const drums = given({ options: AUTO, enemies: [{ id: 'gob1', at: 'N1-3' }], defenders: [{ id: 'maa1', at: 'N1' }], enemyDeck: ['drm'] });
    expect(enemyAt(act(drums, 'end turn').state, 'gob1')).toBe('N1-1');
    const sap = given({ options: AUTO, damage: { S2: 3 }, enemyDeck: ['sap'], enemies: [{ id: 'gob1', at: 'N1-3' }], defenders: [{ id: 'maa1', at: 'N1' }] });
    expect(act(sap, 'end turn').state.castle.find((c) => c.id === 'S2')!.damage).toBe(5);
  });

  it('Reinforcements: the last killed enemies rejoin the deck, and fresh cards are drawn and placed at once', () => {
    const fx = EVENT.reinforcements!.effect as { kind: 'reinforce'; cards: number; draw: number };
    expect(fx.cards).toBeGreaterThan(fx.draw);
    const killed = ['gob1', 'gob2', 'gob4', 'gob5', 'gob6', 'gob7', 'gob8', 'ske1', 'ske2'];
    const rein = given({ options: AUTO, enemyDeck: ['rei1'], enemyDiscard: killed, enemies: [{ id: 'gob3', at: 'N1-3' }], defenders: [{ id: 'maa1', at: 'N1' }] });
    const r = act(rein, 'end turn');
    // The deck stood North when the card was drawn and moved East: the fresh cards stand East.
    const fresh = r.state.enemies.filter((e) => e.id !== 'gob3');
    expect(fresh).toHaveLength(fx.draw);
    for (const e of fresh) expect(e.at).toMatch(/^E\d-3$/);
    expect(r.state.enemyDeck).toHaveLength(fx.cards - fx.draw);
    expect([...r.state.enemyDeck, ...fresh.map((e) => e.id)].sort()).toEqual(killed.slice(-fx.cards).sort());
    expect(r.state.enemyDiscard).toEqual(killed.slice(0, -fx.cards));
    expect(ofType(r.events, 'enemy-draw').map((e) => e.revealed)).toEqual(Array(1 + fx.draw).fill(true));
  });

  it('the Necromancer raises one killed enemy a turn while it lives, and only so many in the whole game', () => {
    const total = ENEMY.necromancer!.raiseTotal!;
    const base = { options: AUTO, enemies: [{ id: 'nec', at: 'N1-2' }], defenders: [{ id: 'maa1', at: 'N1' }], enemyDiscard: ['gob1', 'dra', 'gob2'] };
    const r = act(given({ ...base, enemyDeck: none }), 'end turn');
    expect(r.state.enemyDeck).toEqual(['gob2']);
    expect(r.state.enemyDiscard).toEqual(['gob1', 'dra']);
    expect(r.state.raised).toBe(1);
    expect(ofType(r.events, 'raise')).toHaveLength(1);
    // Its rites spent, the dead stay dead and the siege can run out.
    const spent = act(given({ ...base, enemyDeck: none, raised: total }), 'end turn');
    expect(spent.state.enemyDeck).toEqual([]);
    expect(ofType(spent.events, 'raise')).toHaveLength(0);
    // Once it is killed nothing rises either.
    const dead = act(given({ ...base, enemies: [{ id: 'gob3', at: 'N1-3' }], enemyDeck: none }), 'end turn');
    expect(dead.state.enemyDeck).toEqual([]);
  });
});

describe('the end', () => {
  it('is won when the deck is empty and the last enemy dies, with the score', () => {
    const s = given({ defenders: [{ id: 'arc1', at: 'N1' }], enemies: [{ id: 'gob1', at: 'N1-2' }], enemyDeck: none, hand: ['volley.1'] });
    const r = acts(s, 'play volley', 'arc1 attack gob1');
    expect(r.state.phase).toBe('over');
    expect(r.state.result!.won).toBe(true);
    expect(score(r.state)).toBe(1 + 2 * 26 + 8 * 14 + 50);
    expect(ofType(r.events, 'game-over')).toHaveLength(1);
  });

  it('is lost when an enemy holds an empty courtyard', () => {
    const s = given({ options: AUTO, defenders: [{ id: 'maa1', at: 'S1' }], dead: [], enemies: [{ id: 'gob1', at: 'N1-1' }], enemyDeck: none });
    // Everyone else stands on the walls: the courtyard is empty when the goblin climbs in.
    const walls = ['N2', 'E1', 'E2', 'S1', 'S2', 'W1', 'W2', 'NE', 'SE', 'SW', 'NW'];
    const ids = s.defenders.map((d) => d.id);
    let k = 0;
    for (const d of s.defenders) d.at = walls[Math.floor(k++ / 2)] ?? 'gone';
    s.defenders = s.defenders.filter((d) => d.at !== 'gone');
    expect(ids.length).toBeGreaterThan(s.defenders.length);
    const r = act(s, 'end turn').state;
    expect(r.phase).toBe('over');
    expect(r.result!.reason).toBe('the enemy holds the courtyard and no defender is left there');
  });
});
