// Siege Mode scenarios: the seed's population-loss example, wars, the Enemy's turns, the end
// triggers with the round played out, and the score line by line.
import { describe, expect, it } from 'vitest';
import { onMap } from '../../../src/games/kingdoms-base/index.js';
import { populationLoss, siegeScore } from '../../../src/games/kingdoms-siege/index.js';
import { act, ALL_ENEMY, game, given, legal, ofType, refusal } from './scenario.js';

describe('setup', () => {
  it('the Enemy gets side B with a cube per region, tower 3, 5 of each; the player splits then places', () => {
    const s = game.setup('setup-1', [{ kind: 'human' }], { faction: 'ashen' });
    expect(s.faction).toBe('ashen');
    expect(s.board.cards.map((c) => c.side)).toEqual(['A', 'B']);
    expect(s.board.cards[0]!.id).not.toBe(s.board.cards[1]!.id);
    const enemyRegions = Object.entries(s.board.occupants).filter(([, c]) => c[1] === 1).length;
    expect(enemyRegions).toBe(onMap(s.board, 1));
    expect(enemyRegions).toBeGreaterThanOrEqual(6);
    expect(s.kingdoms[1]).toMatchObject({ food: 5, mana: 5, ore: 5, tower: 3 });
    expect(s.kingdoms[0]).toMatchObject({ food: 0, mana: 0, ore: 0, tower: 0, magic: 0, meeplesInSupply: 7 });
    expect(legal(s)).toHaveLength(28);
    expect(legal(s)).toContain('split 3 2 1');
    const split = act(s, 'split 3 food 2 mana 1 ore').state;
    expect(split.kingdoms[0]).toMatchObject({ food: 3, mana: 2, ore: 1 });
    expect(split.phase).toBe('place');
    const region = legal(split)[0]!.split(' ')[1]!;
    const placed = act(split, `start ${region}`).state;
    expect(placed.board.occupants[region]![0]).toBe(2);
    expect(placed.kingdoms[0].meeplesInSupply).toBe(5);
    expect(placed.phase).toBe('turn');
  });

  it('a random faction is drawn from the seed, the same every time', () => {
    const a = game.setup('daily-2024-01-01', [{ kind: 'human' }], game.defaultOptions);
    const b = game.setup('daily-2024-01-01', [{ kind: 'human' }], game.defaultOptions);
    expect(a).toEqual(b);
    expect(game.parseOptions({ faction: 'Verdant' })).toEqual({ ok: true, value: { faction: 'verdant' } });
    expect(game.parseOptions({ faction: 'elves' }).ok).toBe(false);
    expect(game.parseOptions({ colour: 'red' }).ok).toBe(false);
  });
});

describe('losing population (the seed\'s example)', () => {
  // 2 Ore (Flintridge, Cragfall), 2 Mana (Briarwick, Blackpine) and 1 Food (Moorgate) regions.
  const occupants: Record<string, [number, number]> = { oakhold: [2, 0], flintridge: [0, 1], cragfall: [0, 1], briarwick: [0, 1], blackpine: [0, 1], moorgate: [0, 1] };

  it('an Enemy with 2 Ore, 2 Mana and 1 Food regions losing 2 cubes loses 1 Ore and 1 Mana', () => {
    const s = given({ occupants });
    const lost = populationLoss(s, 2);
    expect(lost).toHaveLength(2);
    expect(lost.map((id) => s.board.occupants[id] && id)).toEqual(['cragfall', 'blackpine']);
  });

  it('through an Expand it cannot feed: 5 cubes, 3 Food, 2 cubes lost', () => {
    const s = given({ occupants, enemy: { food: 3 }, card: { patrol: 0 }, turn: 0 }, 5);
    const { state, events } = act(s, 'skip build');
    const ea = ofType(events, 'enemy-action')[0]!;
    expect(ea).toMatchObject({ action: 'expand', roll: 5, cost: 5, paid: 3, revealed: true });
    expect(ea.text).toBe('The Enemy rolls 5: Expand. It feeds its 5 cubes with 3 Food.');
    const pl = ofType(events, 'population-lost')[0]!;
    expect(pl).toMatchObject({ regions: ['cragfall', 'blackpine'], revealed: true });
    expect(state.kingdoms[1].food).toBe(0);
    expect(onMap(state.board, 1)).toBe(3);
    expect(state.phase).toBe('follow');
    expect(state.follow).toBe('expand');
  });

  it('without a balance to keep, Ore goes before Mana before Food; the Capital City last', () => {
    const s = given({ occupants: { oakhold: [2, 0], flintridge: [0, 1], briarwick: [0, 1], moorgate: [0, 1], thornkeep: [0, 1] } });
    expect(populationLoss(s, 4)).toEqual(['flintridge', 'briarwick', 'moorgate', 'thornkeep']);
    expect(populationLoss(s, 9)).toHaveLength(4);
  });

  it('Research burns Mana equal to the player\'s magic level; a shortfall costs cubes', () => {
    const s = given({ occupants: { oakhold: [2, 0], ...ALL_ENEMY }, player: { magic: 3 }, enemy: { mana: 1 } }, 4);
    const { state, events } = act(s, 'skip patrol');
    expect(ofType(events, 'enemy-action')[0]!.text).toBe('The Enemy rolls 4: Research. It burns 1 Mana for your magic level 3.');
    expect(ofType(events, 'population-lost')[0]!.regions).toHaveLength(2);
    expect(state.kingdoms[1].mana).toBe(0);
  });
});

describe('the Enemy\'s turn', () => {
  it('re-rolls actions that hold a shield, and collects on Quest, Patrol or Trade', () => {
    const s = given({ occupants: { oakhold: [2, 0], briarwick: [0, 1], flintridge: [0, 1], thornkeep: [0, 1] }, enemy: { ore: 9 }, card: { build: 0 } }, 1, 3, 2);
    const { state, events } = act(s, 'skip patrol');
    const ea = ofType(events, 'enemy-action')[0]!;
    expect(ea).toMatchObject({ action: 'quest', roll: 2, rolls: [1, 3, 2], effect: 'collect', gained: { food: 0, mana: 1, ore: 1 } });
    expect(ea.text).toBe('The Enemy rolls 1 (Patrol, taken), then 3 (Build, taken), then 2: Quest. It collects 1 Mana, 1 Ore (1 Ore lost at the cap of 9).');
    expect(state.kingdoms[1]).toMatchObject({ mana: 6, ore: 9 });
    expect(legal(state)).toEqual(['collect']);
  });

  it('builds whenever it can afford the next level, else does nothing; then the player may build too or collect', () => {
    const s = given({ occupants: { oakhold: [2, 0], ...ALL_ENEMY }, player: { ore: 1 } }, 3);
    const { state, events } = act(s, 'skip patrol');
    expect(ofType(events, 'enemy-action')[0]!.text).toBe('The Enemy rolls 3: Build. It builds its tower to level 4 for 4 Ore.');
    expect(state.kingdoms[1]).toMatchObject({ tower: 4, ore: 1 });
    expect(legal(state)).toEqual(['build', 'collect']);
    expect(refusal(state, 'skip build')).toMatch(/no skipping/);
    const poor = given({ occupants: { oakhold: [2, 0], ...ALL_ENEMY }, enemy: { ore: 3 } }, 3);
    expect(ofType(act(poor, 'skip patrol').events, 'enemy-action')[0]!.text).toBe(
      'The Enemy rolls 3: Build. It cannot build (level 4 needs 4 Ore and it has 3), so it does nothing.',
    );
  });
});

describe('war', () => {
  // Greyfen is a border region of the player's card; Briarwick a border region of the Enemy's.
  // The player also holds Moorgate, beside the Enemy's Flintridge.
  const base = { occupants: { oakhold: [1, 0], moorgate: [1, 0], flintridge: [0, 1], greyfen: [1, 0], briarwick: [0, 1] } as Record<string, [number, number]> };

  it('shows the stakes before the move is confirmed', () => {
    const s = given({ ...base, player: { mana: 2, ore: 1 } });
    const move = game.parseMove(s, 0, 'quest greyfen briarwick war 2 mana 1 ore');
    expect(move.ok).toBe(true);
    const path = game.choicePath!(s, 0, move.ok ? move.value : (null as never));
    expect(path.map((c) => c.key)).toEqual(['quest', 'greyfen', 'briarwick', 'v5']);
    expect(path[2]!.label).toBe('Greyfen to Briarwick (war)');
    expect(path[2]!.description).toBe('Enemy has 5 Mana, 5 Ore: commits 2d6, at most 11; ties to it');
    expect(path[3]!.description).toBe('Win 17%: if 2d6 shows 4 or less. Pay 2 Mana + 1 Ore.');
    // Where a value can be paid more than one way, the mix is one more step.
    const mixed = given({ ...base, player: { mana: 2, ore: 3 } });
    const four = game.parseMove(mixed, 0, 'quest greyfen briarwick war 1 mana 2 ore');
    expect(game.choicePath!(mixed, 0, four.ok ? four.value : (null as never)).map((c) => c.key)).toEqual(['quest', 'greyfen', 'briarwick', 'v4', '1m2o']);
    expect(game.parseMove(mixed, 0, 'quest greyfen briarwick war 4')).toMatchObject({ ok: true, value: { war: { mana: 2, ore: 0 } } });
  });

  it('a win: the higher commitment takes the region; the Enemy pays the roll Mana first', () => {
    const s = given({ ...base, player: { mana: 2, ore: 1 } }, 1, 3);
    const { state, events } = act(s, 'quest greyfen briarwick war 2 mana 1 ore');
    const w = ofType(events, 'war')[0]!;
    expect(w).toMatchObject({ attacker: 0, defender: 1, region: 'briarwick', committed: [5, 4], roll: 4, winner: 0, revealed: true });
    expect(state.board.occupants.briarwick).toEqual([1, 0]);
    expect(state.board.occupants.greyfen).toEqual([0, 0]);
    expect(state.kingdoms[0]).toMatchObject({ mana: 0, ore: 0 });
    // The Enemy's turn follows at once and may collect: its payment is read from the event.
    expect(w.paid).toEqual([{ mana: 2, ore: 1 }, { mana: 2, ore: 0 }]);
  });

  it('a loss: the meeple returns to supply, both pay', () => {
    const s = given({ ...base, player: { mana: 1, ore: 1 } }, 4, 4);
    const { state, events } = act(s, 'quest greyfen briarwick war 3');
    expect(ofType(events, 'war')[0]).toMatchObject({ committed: [3, 8], roll: 8, winner: 1 });
    expect(state.board.occupants.briarwick).toEqual([0, 1]);
    expect(state.board.occupants.greyfen).toEqual([0, 0]);
    expect(state.kingdoms[0]).toMatchObject({ mana: 0, ore: 0, meeplesInSupply: 5 });
    expect(ofType(events, 'war')[0]!.paid).toEqual([{ mana: 1, ore: 1 }, { mana: 4, ore: 0 }]);
  });

  it('a tie goes to the Enemy', () => {
    const s = given({ ...base, player: { ore: 6 } }, 2, 4);
    const { events } = act(s, 'patrol moorgate flintridge war 6 ore');
    expect(ofType(events, 'war')[0]).toMatchObject({ committed: [6, 6], winner: 1 });
    expect(ofType(events, 'war')[0]!.text).toContain('A tie goes to the Enemy.');
  });

  it('12s are re-rolled', () => {
    const s = given({ ...base, player: { ore: 6 } }, 6, 6, 2, 3);
    const w = ofType(act(s, 'patrol moorgate flintridge war 6 ore').events, 'war')[0]!;
    expect(w).toMatchObject({ roll: 5, dice: [[6, 6], [2, 3]], winner: 0 });
  });

  it('over-commit: a roll above what the Enemy can commit costs it everything, and it loses', () => {
    const s = given({ ...base, player: { ore: 1 }, enemy: { mana: 1, ore: 2 } }, 3, 4);
    const { state, events } = act(s, 'patrol moorgate flintridge war 1 ore');
    expect(ofType(events, 'war')[0]).toMatchObject({ committed: [1, 4], roll: 7, enemyCanCommit: 4, overcommitted: true, winner: 0 });
    expect(state.kingdoms[1]).toMatchObject({ mana: 0, ore: 0, food: 5 });
    expect(state.board.occupants.flintridge).toEqual([1, 0]);
  });

  it('the Enemy\'s last cube may be attacked; taking it triggers the end', () => {
    const s = given({ occupants: { moorgate: [1, 0], flintridge: [0, 1] }, player: { mana: 5 } }, 1, 1);
    const { state, events } = act(s, 'patrol moorgate flintridge war 3 mana');
    expect(ofType(events, 'war')[0]!.winner).toBe(0);
    expect(onMap(state.board, 1)).toBe(0);
    expect(state.endTrigger).toBe("the Enemy's last cube is gone");
    expect(state.phase).toBe('follow');
  });

  it('no war without Mana or Ore, no zero, no more than 11', () => {
    const s = given({ ...base });
    expect(legal(s).filter((m) => m.includes('flintridge') || m.includes('briarwick'))).toEqual([]);
    const rich = given({ ...base, player: { mana: 9, ore: 9 } });
    expect(refusal(rich, 'patrol moorgate flintridge war 6 mana')).toMatch(/1 to 11/);
    expect(refusal(rich, 'patrol moorgate flintridge')).toMatch(/war/);
    // Values 1 to 11, each paid every way 9 Mana and 9 Ore allow.
    expect(legal(rich).filter((m) => m.startsWith('patrol moorgate flintridge'))).toHaveLength(39);
  });
});

describe('the end', () => {
  it('magic level 5 triggers it; the round is played out before scoring', () => {
    let s = given({ occupants: { oakhold: [2, 0], ...ALL_ENEMY }, player: { magic: 4, mana: 5 }, card: { patrol: 0, quest: 1 } }, 6, 5);
    let r = act(s, 'research');
    expect(r.state.endTrigger).toBe('you reached magic level 5');
    expect(ofType(r.events, 'end-triggered')).toHaveLength(1);
    expect(r.state.phase).toBe('follow');
    r = act(r.state, 'collect');
    expect(r.state.phase).toBe('turn');
    expect(game.outcome(r.state)).toBeNull();
    r = act(r.state, 'skip build');
    expect(r.state.phase).toBe('over');
    expect(ofType(r.events, 'score')).toHaveLength(1);
    expect(game.outcome(r.state)!.scores).toEqual([r.state.score!.total]);
  });

  it('all 7 meeples on the map trigger it', () => {
    const s = given({ occupants: { oakhold: [2, 0], greyfen: [2, 0], redcliff: [1, 0], kingsmere: [1, 0], ...ALL_ENEMY }, player: { food: 9 } }, 1);
    const r = act(s, 'expand kingsmere');
    expect(r.state.endTrigger).toBe('all 7 of your meeples are on the map');
  });

  it('the player\'s tower at level 6 triggers it', () => {
    const s = given({ occupants: { oakhold: [2, 0], ...ALL_ENEMY }, player: { tower: 5, ore: 6 } }, 1);
    expect(act(s, 'build').state.endTrigger).toBe('you built the 6th level of your tower');
  });

  it('the Enemy\'s tower at level 6 triggers it', () => {
    const s = given({ occupants: { oakhold: [2, 0], ...ALL_ENEMY }, enemy: { tower: 5, ore: 7 } }, 3);
    const r = act(s, 'skip patrol');
    expect(r.state.kingdoms[1].tower).toBe(6);
    expect(r.state.endTrigger).toBe('the Enemy built the 6th level of its tower');
  });

  it('the Enemy starving to its last cube triggers it, and the round still ends on the fifth shield', () => {
    const s = given({ occupants: { oakhold: [2, 0], moorgate: [0, 1], heatherby: [0, 1] }, enemy: { food: 0 }, card: { patrol: 0, quest: 1, build: 0, trade: 1 } }, 5);
    // Shield 5 of round 1 was the player's; round 2 starts with the Enemy.
    const r = act(s, 'skip research');
    expect(r.state.round).toBe(2);
    expect(onMap(r.state.board, 1)).toBe(0);
    expect(r.state.endTrigger).toBe("the Enemy's last cube is gone");
    let st = act(r.state, 'collect').state;
    for (const a of ['skip patrol', 'collect', 'skip build', 'collect']) {
      expect(st.phase).not.toBe('over');
      st = act(st, legal(st).includes(a) ? a : legal(st).find((m) => m.startsWith(a.split(' ')[0]!)) ?? legal(st)[0]!).state;
    }
    expect(st.phase).toBe('over');
  });
});

describe('the end with none of your meeples on the map (not in the seed)', () => {
  it('given your last meeple lost in a war, then the end is triggered, and the rules give the true reason: none can come back, and only Build, Research and Trade remain', () => {
    const s = given({ occupants: { greyfen: [1, 0], briarwick: [0, 1], moorgate: [0, 1] }, player: { mana: 1, ore: 4, food: 9 } }, 4, 4);
    const { state, events } = act(s, 'quest greyfen briarwick war 3');
    expect(ofType(events, 'war')[0]).toMatchObject({ winner: 1 });
    expect(onMap(state.board, 0)).toBe(0);
    expect(state.endTrigger).toBe('none of your meeples is left on the map');
    // What is left to a player with nothing on the map: no Patrol, Quest or Expand, nothing to collect.
    let turn = state;
    while (turn.phase !== 'turn') turn = act(turn, legal(turn).find((m) => m.startsWith('collect')) ?? legal(turn)[0]!).state;
    const actions = new Set(legal(turn).filter((m) => !m.startsWith('skip')).map((m) => m.split(' ')[0]));
    expect([...actions].sort()).toEqual(['build', 'trade']);
    expect(game.rulesText).toContain('none of your meeples is left on the map: none could ever come back');
    expect(game.rulesText).toContain('only Build, Research and Trade with what you hold would remain');
    expect(game.rulesText).not.toMatch(/never act again/);
  });
});

describe('scoring', () => {
  it('every line of the seed, with the faction bonus at magic 5', () => {
    // Ashfen Vale (A) and Thornmoor (B). The player: 2 in Oakhold (Forest), 1 in Barrow (Ruins),
    // 1 in Hollowood (Forest), 1 in Briarwick and 1 in Blackpine (Enemy Forests); Verdant Circle,
    // magic 5, tower 4. The Enemy still holds Moorgate, Flintridge and Cragfall, tower 5.
    const s = given({
      faction: 'verdant',
      occupants: { oakhold: [2, 0], barrow: [1, 0], hollowood: [1, 0], briarwick: [1, 0], blackpine: [1, 0], moorgate: [0, 1], flintridge: [0, 1], cragfall: [0, 1] },
      player: { magic: 5, tower: 4 },
      enemy: { tower: 5 },
    });
    const score = siegeScore(s);
    expect(score.lines.map((l) => [l.key, l.count, l.vp])).toEqual([
      ['meeples', 5, 5],
      ['enemy-land', 2, 2],
      ['magic', 5, 5],
      ['faction', 3, 3],
      ['tower', 4, 5],
      ['enemy-tower', 5, -7],
      ['enemy-held', 3, -9],
    ]);
    expect(score.total).toBe(4);
    expect(score.lines[0]!.label).toBe('Meeples on the map (1 in Ruins: 0)');
  });

  it('positive wins, negative loses, zero is a stalemate', () => {
    const finish = (spec: Parameters<typeof given>[0]) => {
      let s = given({ ...spec, card: { patrol: 0, quest: 1, build: 0, research: 1 }, endTrigger: 'test' }, 1);
      s = act(s, 'skip trade').state;
      return game.outcome(s)!;
    };
    const win = finish({ occupants: { oakhold: [2, 0], moorgate: [1, 0] }, enemy: { tower: 0 } });
    expect(win).toMatchObject({ winners: [0], draw: false, scores: [4] });
    const loss = finish({ occupants: { oakhold: [2, 0], moorgate: [0, 1] } });
    expect(loss).toMatchObject({ winners: [], draw: false, scores: [-4] });
    const draw = finish({ occupants: { oakhold: [2, 0], kingsmere: [1, 0] }, enemy: { tower: 3 } });
    expect(draw).toMatchObject({ winners: [], draw: true, scores: [0] });
  });
});
