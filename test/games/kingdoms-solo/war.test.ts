// War outcomes beyond the seed's examples: white flags, alliances formed and broken, the harder game.
import { describe, expect, it } from 'vitest';
import type { DieFace } from '../../../src/games/kingdoms-solo/index.js';
import { act, count, FROST, given, legal, ofType } from './scenario.js';

const P = (n: number): [number, number] => [n, 0];
const A = (n: number): [number, number] => [0, n];
const spec = {
  ...FROST,
  meeples: { blackpine: P(2), moorgate: P(1), frosthold: A(2), snowfield: A(1) } as Record<string, [number, number]>,
  player: { food: 0, mana: 3, ore: 2 },
  ai: { food: 0, mana: 2, ore: 3 },
};
const questWar = (rolls: DieFace[], extra: Partial<typeof spec> & { alliances?: string[]; difficulty?: 'harder' } = {}) =>
  act(given({ ...spec, ...extra, meeples: { ...spec.meeples, ...(extra.meeples ?? {}) } }, ...rolls), 'quest blackpine to snowfield').state;

describe('white flags and alliances', () => {
  it('If the Player chooses the white flag and the AI die roll is the white flag then an Alliance will be struck and both Meeples will coexist', () => {
    const { state, events } = act(questWar(['flag']), 'white flag');
    expect(ofType(events, 'war')[0]).toMatchObject({ committed: ['flag', 'flag'], winner: 'alliance', paid: { player: null, ai: null } });
    expect(state.alliances).toEqual(['snowfield']);
    expect(count(state, 'snowfield')).toEqual([1, 1]);
  });

  it('If the AI die is not a white flag the player loses, but does not pay any resources. The AI must still pay resources', () => {
    const { state, events } = act(questWar([3]), 'white flag');
    expect(ofType(events, 'war')[0]).toMatchObject({ committed: ['flag', 3], winner: 'ai', paid: { player: null, ai: { mana: 1, ore: 1 } } });
    expect(count(state, 'snowfield')).toEqual(A(1));
    expect(state.kingdoms[0]).toMatchObject({ mana: 3, ore: 2, meeplesInSupply: 5 });
  });

  it('If the Player chooses to expend resources and the AI die roll is the white flag then the Player can choose to … defeat the AI', () => {
    const flagged = act(questWar(['flag']), 'war 3 with 1 mana 1 ore');
    expect(legal(flagged.state)).toEqual(['defeat', 'alliance']);
    const { state, events } = act(flagged.state, 'defeat');
    expect(ofType(events, 'war')[0]).toMatchObject({ winner: 'player', paid: { player: { mana: 1, ore: 1 }, ai: null } });
    expect(count(state, 'snowfield')).toEqual(P(1));
    expect(state.kingdoms[0]).toMatchObject({ mana: 2, ore: 1 });
    expect(ofType(events, 'war')[0]!.paid).toEqual({ player: { mana: 1, ore: 1 }, ai: null });
  });

  it('If future combat does not result in an Alliance war breaks out in all allied spaces', () => {
    const allied = { meeples: { rimefall: [1, 1], firwatch: [1, 1] } as Record<string, [number, number]>, alliances: ['rimefall', 'firwatch'] };
    const s = questWar([2, 4, 'flag'], allied);
    const won = act(s, 'war 5 with 2 mana 1 ore');
    expect(ofType(won.events, 'war')[0]).toMatchObject({ region: 'snowfield', winner: 'player' });
    expect(ofType(won.events, 'alliance-broken')[0]).toMatchObject({ regions: ['rimefall', 'firwatch'] });
    expect(won.state.phase).toBe('war');
    expect(won.state.wars.map((w) => w.region)).toEqual(['rimefall', 'firwatch']);
    expect(won.state.alliances).toEqual([]);
    // In Rimefall the AI rolls 4 against nothing: it wins there.
    const rime = act(won.state, 'war 0');
    expect(ofType(rime.events, 'war')[0]).toMatchObject({ region: 'rimefall', attacker: 'player', winner: 'ai' });
    expect(count(rime.state, 'rimefall')).toEqual(A(1));
    // In Firwatch both raise the white flag: a new alliance.
    const fir = act(rime.state, 'white flag');
    expect(ofType(fir.events, 'war')[0]).toMatchObject({ region: 'firwatch', winner: 'alliance' });
    expect(fir.state.alliances).toEqual(['firwatch']);
    expect(fir.state.phase).not.toBe('war');
  });

  it('An alliance stands while a later war ends in another alliance', () => {
    const s = questWar(['flag'], { meeples: { rimefall: [1, 1] }, alliances: ['rimefall'] });
    const { state } = act(s, 'white flag');
    expect(state.alliances).toEqual(['rimefall', 'snowfield']);
  });

  it('Harder, No Alliances – if the AI rolls a White Flag it automatically wins the battle and does not expend any resources', () => {
    const { state, events } = act(questWar(['flag'], { difficulty: 'harder' }), 'war 4 with 2 mana');
    expect(ofType(events, 'war')[0]).toMatchObject({ winner: 'ai', rule: 'war.no-alliances', paid: { player: { mana: 2, ore: 0 }, ai: null } });
    expect(state.alliances).toEqual([]);
    const both = act(questWar(['flag'], { difficulty: 'harder' }), 'white flag');
    expect(ofType(both.events, 'war')[0]).toMatchObject({ winner: 'ai' });
  });
});
