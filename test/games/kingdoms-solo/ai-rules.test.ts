// One test per AI rule of the seed, each from a small fixed position. The AI answers the player's
// skipped action (it follows the action if it can), or acts on its own turn.
import { describe, expect, it } from 'vitest';
import { resourceToGain, resourceToGiveUp } from '../../../src/games/kingdoms-solo/index.js';
import { act, aiAction, aiFollows, ASH, count, FROST, given, ofType } from './scenario.js';

const P = (n: number): [number, number] => [n, 0];
const A = (n: number): [number, number] => [0, n];

describe('the Home Space', () => {
  it('As soon as one Meeple leaves the Home Space another Meeple is taken from the AI\'s reserves and added to its Home Space (free of Food)', () => {
    const { state, events, ai } = aiFollows({ ...ASH, meeples: { moorgate: P(2), oakhold: A(2) }, ai: { food: 3 } }, 'patrol');
    expect(ai).toMatchObject({ action: 'patrol', from: 'oakhold', rule: 'patrol.home.empty', revealed: true });
    expect(events.find((e) => e.action === 'refill')).toMatchObject({ to: 'oakhold', rule: 'home.refill', revealed: true });
    expect(count(state, 'oakhold')).toEqual(A(2));
    expect(state.kingdoms[1]).toMatchObject({ food: 3, meeplesInSupply: 4 });
  });

  it('The AI will never leave a single Meeple in its Home Space, thus it will not let a Meeple leave its Home Space if it doesn\'t have another Meeple in reserve', () => {
    const { state, ai } = aiFollows({ ...ASH, meeples: { moorgate: P(2), oakhold: A(2) }, ai: { meeplesInSupply: 0 } }, 'patrol');
    expect(ai).toMatchObject({ action: 'collect', rule: 'patrol.none' });
    expect(count(state, 'oakhold')).toEqual(A(2));
  });
});

describe('Patrol', () => {
  it('If the AI has two Meeples on a space it will Patrol one of those to: an unoccupied space if possible', () => {
    const { ai } = aiFollows({ ...ASH, meeples: { moorgate: P(2), oakhold: A(2), greyfen: A(2) } }, 'patrol');
    expect(ai).toMatchObject({ from: 'greyfen', to: 'barrow', rule: 'patrol.pair-to-empty.empty' });
    expect(String(ai.why)).toContain('a pair to an empty space');
  });

  it("The AI will only Patrol from the Home Space if it can't Patrol from another space with two Meeples on it to a vacant space AND if it has another Meeple to place into the Home Space", () => {
    const { ai } = aiFollows({ ...ASH, meeples: { moorgate: P(1), barrow: P(1), oakhold: A(2), greyfen: A(2) } }, 'patrol');
    expect(ai).toMatchObject({ from: 'oakhold', to: 'redcliff', rule: 'patrol.home.empty' });
  });

  it('… a space it occupies that is further from the Home Space than the current space', () => {
    const { ai } = aiFollows(
      { ...FROST, meeples: { moorgate: P(2), frosthold: A(2), palegate: A(2), rimefall: A(1), snowfield: A(1), icevein: A(1) } },
      'patrol',
    );
    expect(ai).toMatchObject({ from: 'palegate', to: 'rimefall', rule: 'patrol.pair-onward.own' });
  });

  it('… never back to a space it occupies nearer its Home Space: then to a space occupied by the Player (war)', () => {
    const s = given({ ...FROST, meeples: { moorgate: P(1), firwatch: P(1), sledmoor: P(1), frosthold: A(2), palegate: A(1), rimefall: A(2) }, ai: { meeplesInSupply: 0 } });
    const { events, state } = act(s, 'skip patrol');
    expect(aiAction(events)).toMatchObject({ from: 'rimefall', to: 'firwatch', rule: 'patrol.pair-onward.player' });
    expect(state.phase).toBe('war');
  });

  it('If the AI does not have two Meeples on a space it will attempt to move a single Meeple from one space to another, unoccupied space', () => {
    const { ai } = aiFollows({ ...FROST, meeples: { moorgate: P(2), frosthold: A(2), palegate: A(1) }, ai: { meeplesInSupply: 0 } }, 'patrol');
    expect(ai).toMatchObject({ from: 'palegate', to: 'rimefall', rule: 'patrol.single.empty' });
  });

  it('The AI will never initiate combat from a space with a single Meeple on it', () => {
    const { ai, state } = aiFollows({ ...FROST, meeples: { moorgate: P(1), rimefall: P(1), frosthold: A(2), palegate: A(1) }, ai: { meeplesInSupply: 0 } }, 'patrol');
    expect(ai).toMatchObject({ action: 'collect' });
    expect(count(state, 'rimefall')).toEqual(P(1));
    expect(state.phase).toBe('follow');
  });

  it('The AI will not Patrol to the Ruins or Capital City space unless there is at least one Meeple (of either the AI or the Player) on every other space on its Territory card', () => {
    const blocked = aiFollows({ ...ASH, meeples: { moorgate: P(1), greyfen: P(1), oakhold: A(2), barrow: A(1) }, ai: { meeplesInSupply: 0 } }, 'patrol');
    expect(blocked.ai).toMatchObject({ action: 'collect' });
    const full = aiFollows(
      { ...ASH, meeples: { greyfen: P(1), saltmarsh: P(1), oakhold: A(2), barrow: A(1), redcliff: A(1), hollowood: A(1) }, ai: { meeplesInSupply: 0 } },
      'patrol',
    );
    expect(full.ai).toMatchObject({ action: 'patrol', to: 'kingsmere' });
  });

  it('The AI will always Patrol within its Territory Card if possible before Patrolling on the Player\'s Territory Card', () => {
    const { ai } = aiFollows({ ...FROST, meeples: { moorgate: P(2), briarwick: A(2), frosthold: A(2), palegate: A(1) }, ai: { meeplesInSupply: 0 } }, 'patrol');
    expect(ai).toMatchObject({ from: 'palegate', to: 'rimefall' });
    const away = aiFollows({ ...FROST, meeples: { moorgate: P(2), cragfall: A(2), frosthold: A(2) }, ai: { meeplesInSupply: 0 } }, 'patrol');
    expect(away.ai).toMatchObject({ from: 'cragfall', to: 'blackpine', rule: 'patrol.pair-to-empty.empty' });
    expect(String(away.ai.why)).toContain('nothing can patrol on its own card');
  });

  it('The AI will never Patrol or Quest out of the Ruins. When collecting resources, the AI will always collect Food for a Meeple in the ruins', () => {
    const { ai } = aiFollows({ ...ASH, meeples: { moorgate: P(2), wyrmhole: A(2), oakhold: A(2) }, ai: { meeplesInSupply: 0, food: 0, mana: 0, ore: 0 } }, 'patrol');
    expect(ai).toMatchObject({ action: 'collect', gains: { food: 1, mana: 1, ore: 0 } });
  });

  it('A space with 2 Meeples on it that meets the most of these conditions (furthest from the Home Space wins a tie on the others)', () => {
    const { ai } = aiFollows({ ...FROST, meeples: { moorgate: P(2), frosthold: A(2), palegate: A(2), sledmoor: A(2) } }, 'patrol');
    expect(ai).toMatchObject({ from: 'sledmoor', to: 'rimefall' });
  });

  it('An unoccupied space that meets the most of these conditions: a. A space that provides a resource the AI controls the least number of spaces for', () => {
    const { ai } = aiFollows({ ...FROST, meeples: { moorgate: P(2), frosthold: A(2), firwatch: A(1), rimefall: A(1) } }, 'patrol');
    expect(ai).toMatchObject({ from: 'frosthold', to: 'snowfield', rule: 'patrol.home.empty' });
  });

  it("ties between spaces go to the seed's order, then the lower region: spaces meeting as many conditions are tied, whichever conditions they meet", () => {
    // Highmark (the AI's, side B): its pair in Quarryton may go to Cairnfield (Plains, the land it
    // holds least) or Mossglen (furthest from home). One condition each: the seed's order puts
    // Forest (Mossglen) before Plains, whichever condition comes first in the seed's list.
    const byOrder = aiFollows(
      { cards: ['lakeshire', 'highmark'], factions: ['verdant', 'ashen'], meeples: { gullrock: P(1), highgate: A(2), quarryton: A(2), pinehold: A(1) }, ai: { meeplesInSupply: 0 } },
      'patrol',
    );
    expect(byOrder.ai).toMatchObject({ from: 'quarryton', to: 'mossglen', rule: 'patrol.pair-to-empty.empty' });
    expect(String(byOrder.ai.why)).toContain('Mossglen (furthest from home, Forest before Mountain before Plains)');
    // Emberlands: pairs in Sootwell (2) and Ashgrove (3), both Forest, each meeting three
    // conditions (Sootwell is next to the Mountain it holds least, Ashgrove furthest from home):
    // the lower region number, Sootwell, moves.
    const byNumber = aiFollows(
      { cards: ['frostpeak', 'emberlands'], factions: ['verdant', 'ashen'], meeples: { snowfield: P(1), cinderfold: A(2), sootwell: A(2), ashgrove: A(2) }, ai: { meeplesInSupply: 0 } },
      'patrol',
    );
    expect(byNumber.ai).toMatchObject({ from: 'sootwell', to: 'smokepeak', rule: 'patrol.pair-to-empty.empty' });
    expect(String(byNumber.ai.why)).toContain('the lowest region number');
  });

  it('All else being equal, the AI will choose resources or spaces in this priority: 1. Mana/Forest 2. Ore/Mountain 3. Food/Plains', () => {
    // The opening: from its Home Space (Forest) to Redcliff (Mountain) or Greyfen (Plains), equal.
    const { ai } = aiFollows({ ...ASH, meeples: { moorgate: P(2), oakhold: A(2) } }, 'patrol');
    expect(ai).toMatchObject({ action: 'patrol', from: 'oakhold', to: 'redcliff' });
    expect(String(ai.why)).toContain('Mountain before Plains');
  });

  it('The AI will never attack if there is an Alliance', () => {
    const { ai, state } = aiFollows(
      {
        ...FROST,
        meeples: { moorgate: [1, 1], rimefall: P(1), frosthold: A(2), palegate: A(2), snowfield: A(1), sledmoor: A(1) },
        alliances: ['moorgate'],
      },
      'patrol',
    );
    expect(ai.to).not.toBe('rimefall');
    expect(state.phase).not.toBe('war');
    expect(count(state, 'rimefall')).toEqual(P(1));
  });
});

describe('Quest', () => {
  // Frostpeak full: the AI's pair in Snowfield (a border space) may quest.
  const full = { frosthold: A(2), snowfield: A(2), icevein: A(1), palegate: A(1), firwatch: P(1), rimefall: P(1), sledmoor: P(1) };

  it('The AI will not Quest until all spaces on its Territory have at least one Meeple on it (of either the AI or the Player)', () => {
    const { ai } = aiFollows({ ...FROST, meeples: { moorgate: P(2), frosthold: A(2), snowfield: A(2) } }, 'quest');
    expect(ai).toMatchObject({ action: 'collect', rule: 'quest.none' });
    expect(String(ai.why)).toContain('every space of its card');
  });

  it('It will always attempt to Quest to an unoccupied space before Questing to an occupied space and will attempt to Quest to a space it already occupies before Questing to a space occupied by the Player', () => {
    const mine = { briarwick: P(1), blackpine: P(1), cragfall: P(1), moorgate: P(1) };
    const empty = aiFollows({ ...FROST, meeples: { ...full, ...mine } }, 'quest');
    expect(empty.ai).toMatchObject({ action: 'quest', from: 'snowfield', to: 'flintridge', rule: 'quest.pair.empty' });
    const own = aiFollows({ ...FROST, meeples: { ...full, ...mine, flintridge: A(1) } }, 'quest');
    expect(own.ai).toMatchObject({ to: 'flintridge', rule: 'quest.pair.own' });
    const yours = aiFollows({ ...FROST, meeples: { ...full, ...mine, flintridge: P(1) } }, 'quest');
    expect(yours.ai).toMatchObject({ to: 'briarwick', rule: 'quest.pair.player' });
    expect(yours.state.phase).toBe('war');
  });

  it('If it controls an equal amount of resource spaces … it will Quest from spaces in this priority: Food, Ore, Mana, and will Quest to spaces in this priority: Mana, Ore, Food', () => {
    const { ai } = aiFollows(
      { ...ASH, meeples: { oakhold: A(2), greyfen: A(2), redcliff: A(2), barrow: P(1), kingsmere: P(1), hollowood: P(1), saltmarsh: P(1), moorgate: P(2) } },
      'quest',
    );
    expect(ai).toMatchObject({ action: 'quest', from: 'greyfen', to: 'briarwick' });
  });

  it('The AI will never Quest from the Player\'s Territory Card back to its own Territory Card', () => {
    const { ai } = aiFollows(
      { ...FROST, meeples: { frosthold: A(2), snowfield: A(1), icevein: A(1), palegate: A(1), blackpine: A(2), firwatch: P(1), rimefall: P(1), sledmoor: P(1), moorgate: P(2) } },
      'quest',
    );
    expect(ai).toMatchObject({ action: 'collect', rule: 'quest.none' });
  });
});

describe('Build, Research, Expand, Trade and the AI\'s turn', () => {
  const base = { ...ASH, meeples: { moorgate: P(2), oakhold: A(2), greyfen: A(1), barrow: A(1) } };

  it('If the AI has the Ore needed to Build it will, otherwise the AI will collect resources', () => {
    expect(aiFollows({ ...base, ai: { ore: 1 } }, 'build').ai).toMatchObject({ action: 'build', rule: 'build.has-ore' });
    expect(aiFollows({ ...base, ai: { ore: 0 } }, 'build').ai).toMatchObject({ action: 'collect', rule: 'build.none' });
  });

  it('If the AI has the Mana to Research and there are still levels on the Research track it will, otherwise the AI will collect resources', () => {
    expect(aiFollows({ ...base, ai: { mana: 1 } }, 'research').ai).toMatchObject({ action: 'research' });
    expect(aiFollows({ ...base, ai: { mana: 9, magic: 5 } }, 'research').ai).toMatchObject({ action: 'collect', rule: 'research.none' });
  });

  it('If the AI can Expand it will expand into the space nearest to its Home Space with only one Meeple on it', () => {
    const { ai, state } = aiFollows({ ...base, ai: { food: 5 } }, 'expand');
    expect(ai).toMatchObject({ action: 'expand', to: 'greyfen' });
    expect(count(state, 'greyfen')).toEqual(A(2));
    expect(state.kingdoms[1].food).toBe(0);
    expect(aiFollows({ ...base, ai: { food: 4 } }, 'expand').ai).toMatchObject({ action: 'collect', rule: 'expand.none' });
  });

  it('If there is a tie it will expand into a space nearest an unoccupied space', () => {
    const { ai } = aiFollows({ ...ASH, meeples: { moorgate: P(1), hollowood: P(1), oakhold: A(2), greyfen: A(1), redcliff: A(1) }, ai: { food: 9 } }, 'expand');
    expect(ai).toMatchObject({ action: 'expand', to: 'greyfen' });
    expect(String(ai.why)).toContain('nearest an empty space');
  });

  it('If the Player selects Trade the AI will always collect resources', () => {
    expect(aiFollows({ ...base, ai: { food: 0, mana: 0, ore: 0 } }, 'trade').ai).toMatchObject({ action: 'collect', rule: 'trade.never', gains: { food: 2, mana: 1, ore: 0 } });
  });

  it("When it is the AI's turn to play the AI will choose the available action closest to the top of the Action Board", () => {
    const { events } = act(given({ ...base, shields: { patrol: 1 } }), 'skip trade');
    expect(ofType(events, 'enemy-choice')[0]).toMatchObject({ action: 'quest', rule: 'turn.top-free-action', revealed: true });
  });

  it('If the AI gains any resources for any reason other than collecting resources it will choose to gain the resource it has the least of … it will give up the resource it has the most of. In a tie use the preference order', () => {
    const k = { food: 2, mana: 2, ore: 1, tower: 0, magic: 0, meeplesInSupply: 0 };
    expect(resourceToGain(k)).toBe('ore');
    expect(resourceToGiveUp(k)).toBe('mana');
    expect(resourceToGain({ ...k, ore: 2 })).toBe('mana');
  });
});
