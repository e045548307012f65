// The seed's four combat examples, exactly as written.
import { describe, expect, it } from 'vitest';
import { act, count, FROST, given, legal, ofType } from './scenario.js';

// The AI's pair in Palegate patrols into Rimefall, where one of your meeples stands: nothing else
// on its card can patrol (its Home Space has no reserve, Palegate has no empty neighbour). Its
// other meeples stand on Plains, so what it collects first (following your Trade) is only Food.
const aiPatrolsIntoYours = (ai: { mana: number; ore: number }, player: { mana: number; ore: number }) =>
  given.bind(null, {
    ...FROST,
    meeples: { moorgate: [2, 0], rimefall: [1, 0], frosthold: [0, 2], palegate: [0, 2], snowfield: [0, 1], sledmoor: [0, 1], heatherby: [0, 1] },
    player: { food: 2, ...player },
    ai: { food: 0, ...ai },
  });

describe("the seed's combat examples", () => {
  it('Example: The Player Quests into an area controlled by the AI … chooses 8 … rolls a 10 for the AI. The AI loses … must expend all its Mana and Ore. The Player must also expend all Mana and Ore.', () => {
    const s = given(
      { ...FROST, meeples: { blackpine: [2, 0], frosthold: [0, 2], snowfield: [0, 1] }, player: { food: 1, mana: 3, ore: 2 }, ai: { food: 0, mana: 2, ore: 3 } },
      10,
    );
    const quest = act(s, 'quest blackpine to snowfield');
    expect(quest.state.phase).toBe('war');
    const { state, events } = act(quest.state, 'war 8 with 3 mana 2 ore');
    const [war] = ofType(events, 'war');
    expect(war).toMatchObject({ attacker: 'player', defender: 'ai', region: 'snowfield', committed: [8, 7], roll: 10, winner: 'player' });
    expect(war!.paid).toEqual({ player: { mana: 3, ore: 2 }, ai: { mana: 2, ore: 3 } });
    expect(war!.revealed).toBe(true);
    expect(count(state, 'snowfield')).toEqual([1, 0]);
    expect(state.kingdoms[0]).toMatchObject({ mana: 0, ore: 0 });
  });

  it('Example 2: The AI Patrols into an area controlled by the Player … 6 Mana and 5 Ore … the Player chooses 5 … rolls a 6 for the AI. The AI wins the battle and expends 3 Mana. The Player loses the battle and expends all Mana and Ore.', () => {
    const s = aiPatrolsIntoYours({ mana: 6, ore: 5 }, { mana: 2, ore: 1 })(6);
    const turn = act(s, 'skip trade');
    expect(turn.events.find((e) => e.type === 'enemy-action' && e.action === 'patrol')).toMatchObject({ from: 'palegate', to: 'rimefall' });
    expect(turn.state.phase).toBe('war');
    expect(turn.state.kingdoms[1]).toMatchObject({ mana: 6, ore: 5 });
    const { state, events } = act(turn.state, 'war 5 with 2 mana 1 ore');
    const [war] = ofType(events, 'war');
    expect(war).toMatchObject({ attacker: 'ai', defender: 'player', region: 'rimefall', committed: [5, 6], roll: 6, winner: 'ai' });
    expect(war!.paid).toEqual({ player: { mana: 2, ore: 1 }, ai: { mana: 3, ore: 0 } });
    expect(state.kingdoms[1]).toMatchObject({ mana: 3, ore: 5 });
    expect(state.kingdoms[0]).toMatchObject({ mana: 0, ore: 0 });
    expect(count(state, 'rimefall')).toEqual([0, 1]);
  });

  it('Example 3: … the Player chooses 5 on the combat die and then rolls a 5 for the AI. The Player wins the battle and expends all Mana and Ore. The AI loses the battle and expends 2 Mana and 1 Ore.', () => {
    const s = aiPatrolsIntoYours({ mana: 6, ore: 5 }, { mana: 2, ore: 1 })(5);
    const { state, events } = act(act(s, 'skip trade').state, 'war 5 with 2 mana 1 ore');
    const [war] = ofType(events, 'war');
    expect(war).toMatchObject({ attacker: 'ai', defender: 'player', committed: [5, 5], roll: 5, winner: 'player' });
    expect(war!.paid).toEqual({ player: { mana: 2, ore: 1 }, ai: { mana: 2, ore: 1 } });
    expect(state.kingdoms[1]).toMatchObject({ mana: 4, ore: 4 });
    expect(state.kingdoms[0]).toMatchObject({ mana: 0, ore: 0 });
    expect(count(state, 'rimefall')).toEqual([1, 0]);
  });

  it('Example 4: … The AI has 1 Mana and 1 Ore … The Player chooses 4 … rolls a white flag for the AI. The Player decides to accept the alliance and both Meeples coexist on the space. No resources are spent by either side.', () => {
    const s = aiPatrolsIntoYours({ mana: 1, ore: 1 }, { mana: 2, ore: 1 })('flag');
    const turn = act(s, 'skip trade');
    const flagged = act(turn.state, 'war 4 with 2 mana');
    expect(flagged.state.phase).toBe('flag');
    expect(ofType(flagged.events, 'roll')[0]).toMatchObject({ die: 'd12', face: 'flag', revealed: true });
    expect(legal(flagged.state)).toEqual(['defeat', 'alliance']);
    const { state, events } = act(flagged.state, 'alliance');
    const [war] = ofType(events, 'war');
    expect(war).toMatchObject({ committed: [4, 'flag'], roll: 'flag', winner: 'alliance' });
    expect(war!.paid).toEqual({ player: null, ai: null });
    expect(count(state, 'rimefall')).toEqual([1, 1]);
    expect(state.alliances).toEqual(['rimefall']);
    expect(state.kingdoms[0]).toMatchObject({ mana: 2, ore: 1 });
    expect(state.kingdoms[1]).toMatchObject({ mana: 1, ore: 1 });
  });
});
