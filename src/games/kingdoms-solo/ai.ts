// The AI kingdom's rules of seed 001: where it patrols, quests and expands, each choice with the
// rule that made it, in words. It makes no strategic decision: every choice is an ordered preference.
import type { Phrase, PhraseValue } from '../../engine/index.js';
import {
  allRegions,
  commaList,
  kingdomsPhrase,
  phrase,
  regionTypeTerm,
  countIn,
  distance,
  distancesFrom,
  expandRegions,
  findRegion,
  homeRegion,
  patrolSteps,
  questSteps,
  REGION_TYPE_NAME,
  RESOURCE_NAME,
  territory,
  totalIn,
  YIELD,
  type Kingdom,
  type Region,
  type RegionType,
  type Resource,
  type Step,
  type Territory,
} from '../kingdoms-base/index.js';
import { AI, PLAYER, type SoloState } from './types.js';

/** "All else being equal": Mana/Forest, Ore/Mountain, Food/Plains; then the other region types. */
export const TYPE_ORDER: readonly RegionType[] = ['forest', 'mountain', 'plains', 'ruins', 'capital'];
/** Quest sources when the AI's holdings are equal: Food, Ore, Mana. */
export const QUEST_FROM_ORDER: readonly RegionType[] = ['plains', 'mountain', 'forest', 'ruins', 'capital'];
const RESOURCE_ORDER: readonly Resource[] = ['mana', 'ore', 'food'];
const LAND: readonly RegionType[] = ['forest', 'mountain', 'plains'];

/** A meeple move the AI makes, with the rule that chose it (in English and as a phrase). */
export type AiStep = { from: string; to: string; rule: string; why: string; whyPhrase: Phrase };
export type AiChoice<T> = { ok: true; value: T } | { ok: false; why: string; whyPhrase: Phrase };

import { said, type Said } from '../../engine/index.js';
export { said, type Said };
const cannot = (text: string, key: string, values?: Record<string, PhraseValue>) => ({ ok: false as const, why: text, whyPhrase: phrase(key, values) });

export const aiTerritory = (s: SoloState): Territory => territory(s.board.cards[1]!.id, s.board.cards[1]!.side);
export const playerTerritory = (s: SoloState): Territory => territory(s.board.cards[0]!.id, s.board.cards[0]!.side);
export const aiHome = (s: SoloState): Region => homeRegion(aiTerritory(s));
const regionOf = (s: SoloState, id: string): Region => findRegion(s.board, id)!.region;
const onAiCard = (s: SoloState, id: string): boolean => regionOf(s, id).card === s.board.cards[1]!.id;
const occupied = (s: SoloState, id: string): boolean => totalIn(s.board, id) > 0;

/**
 * How far a region is from the AI's Home Space. On its own card: borders crossed. On the player's
 * card, further than anything of its own: 100 plus the borders crossed from that card's nearest
 * border region, where a quest lands.
 */
export function distanceFromHome(s: SoloState, id: string): number {
  if (onAiCard(s, id)) return distancesFrom(aiTerritory(s), aiHome(s).id)[id] ?? 50;
  const t = playerTerritory(s);
  return 100 + Math.min(...t.regions.filter((r) => r.border).map((r) => distance(t, r.id, id)));
}

/** How many regions of each land type the AI occupies, on either card. */
export function landHeld(s: SoloState): Record<'forest' | 'mountain' | 'plains', number> {
  const held = { forest: 0, mountain: 0, plains: 0 };
  for (const r of allRegions(s.board)) if (countIn(s.board, r.id, AI) > 0 && r.type in held) held[r.type as 'forest']++;
  return held;
}
const leastLand = (s: SoloState): RegionType[] => {
  const h = landHeld(s);
  const min = Math.min(...LAND.map((t) => h[t as 'forest']));
  return LAND.filter((t) => h[t as 'forest'] === min);
};
const mostLand = (s: SoloState): RegionType[] => {
  const h = landHeld(s);
  const max = Math.max(...LAND.map((t) => h[t as 'forest']));
  return LAND.filter((t) => h[t as 'forest'] === max);
};
const landWords = (types: RegionType[]) => types.map((t) => REGION_TYPE_NAME[t]).join('/');
const landPhrase = (types: RegionType[]): PhraseValue =>
  types.slice(1).reduce<PhraseValue>((head, t) => kingdomsPhrase('terms.slashList', { head, last: regionTypeTerm(t) }), regionTypeTerm(types[0]!));

/** Every region of the AI's card, except `except`, holds a meeple of either side. */
export const othersOccupied = (s: SoloState, except: string | null): boolean =>
  aiTerritory(s).regions.every((r) => r.id === except || occupied(s, r.id));

/** The Ruins and Capital City only once every other space of its card is occupied. */
export function restrictedTarget(s: SoloState, to: string): boolean {
  const t = regionOf(s, to).type;
  return (t === 'ruins' || t === 'capital') && !othersOccupied(s, to);
}

type Ranked<T> = { item: T; met: boolean[]; tie: number[] };
type Picked<T> = { item: T; met: boolean[]; how: 'only' | 'conditions' | 'order' | 'number' | 'card' };

/**
 * The item meeting the most conditions. The seed counts conditions and ranks none above another,
 * so items meeting as many are tied, whichever ones they meet: `tie` settles it (the seed's type
 * order, then the lower region number, then the AI's own card first).
 */
export function pickBest<T>(items: T[], conds: (x: T) => boolean[], tie: (x: T) => number[]): Picked<T> | null {
  if (items.length === 0) return null;
  const ranked: Ranked<T>[] = items.map((item) => ({ item, met: conds(item), tie: tie(item) }));
  const count = (r: Ranked<T>) => r.met.filter(Boolean).length;
  const cmp = (a: Ranked<T>, b: Ranked<T>): number => {
    if (count(a) !== count(b)) return count(b) - count(a);
    for (let i = 0; i < a.tie.length; i++) if (a.tie[i] !== b.tie[i]) return a.tie[i]! - b.tie[i]!;
    return 0;
  };
  ranked.sort(cmp);
  const [best, next] = ranked;
  let how: Picked<T>['how'] = 'only';
  if (next) {
    const tiedAt = best!.tie.findIndex((v, i) => v !== next.tie[i]);
    how = count(best!) !== count(next) ? 'conditions' : tiedAt === 0 ? 'order' : tiedAt === 1 ? 'number' : 'card';
  }
  return { item: best!.item, met: best!.met, how };
}

const HOW_TEXT = {
  only: 'the only choice',
  conditions: '',
  order: 'Forest before Mountain before Plains',
  number: 'the lowest region number',
  card: 'its own card first',
};
const HOW: Record<'order' | 'number' | 'card', Said> = {
  order: said(HOW_TEXT.order, 'ai.how.order'),
  number: said(HOW_TEXT.number, 'ai.how.number'),
  card: said(HOW_TEXT.card, 'ai.how.card'),
};
const QUEST_ORDER: Said = said('Plains before Mountain before Forest', 'ai.how.questOrder');
/** A condition a space meets, or '' where a list leaves one out. */
type Label = Said | null;

/** "Greyfen (next to an empty space, furthest from home)". */
function described(s: SoloState, id: string, labels: Label[], p: Picked<unknown>, order = HOW.order): Said {
  const name = regionOf(s, id).name;
  if (p.how === 'only') return said(`${name} (the only choice)`, 'ai.described.only', { region: name });
  const met = labels.filter((l, i): l is Said => l !== null && p.met[i] === true);
  const how = p.how === 'order' ? order : p.how === 'conditions' ? null : HOW[p.how];
  const parts = [...met, ...(how ? [how] : [])];
  if (parts.length === 0) return said(name, 'ai.described.plain', { region: name });
  return said(`${name} (${parts.map((x) => x.text).join(', ')})`, 'ai.described.why', { region: name, why: commaList(parts.map((x) => x.phrase)) });
}

type TargetClass = 'empty' | 'own' | 'player';
const classOf = (s: SoloState, to: string): TargetClass =>
  countIn(s.board, to, PLAYER) > 0 ? 'player' : countIn(s.board, to, AI) > 0 ? 'own' : 'empty';

const adjacentEmpty = (s: SoloState, id: string): boolean => {
  const t = findRegion(s.board, id)!.territory;
  return (t.adjacency[id] ?? []).some((n) => !occupied(s, n));
};
const adjacentLand = (s: SoloState, id: string, types: RegionType[]): boolean => {
  const t = findRegion(s.board, id)!.territory;
  return (t.adjacency[id] ?? []).some((n) => types.includes(regionOf(s, n).type));
};
const typeRank = (order: readonly RegionType[], s: SoloState, id: string) => order.indexOf(regionOf(s, id).type);
/** Ties: the type order, then the lower region number, then the AI's own card before yours. */
const tieOf = (order: readonly RegionType[]) => (s: SoloState, id: string) => [typeRank(order, s, id), regionOf(s, id).number, findRegion(s.board, id)!.slot === 1 ? 0 : 1];

const NEXT_TO_EMPTY: Said = said('next to an empty space', 'ai.cond.nextToEmpty');
const FURTHEST: Said = said('furthest from home', 'ai.cond.furthest');

/** Chooses the target of a move from `from` among `tos` of one class, with its reason. */
function pickTarget(s: SoloState, tos: string[], cls: TargetClass): { to: string; said: Said } {
  const least = leastLand(s);
  const far = Math.max(...tos.map((t) => distanceFromHome(s, t)));
  const isFar = (t: string) => distanceFromHome(s, t) === far;
  const labels: Label[] =
    cls === 'own'
      ? [NEXT_TO_EMPTY, FURTHEST]
      : [said(`${landWords(least)}, the land it holds least`, 'ai.cond.leastLand', { land: landPhrase(least) }), FURTHEST];
  const conds = (t: string) => (cls === 'own' ? [adjacentEmpty(s, t), isFar(t)] : [least.includes(regionOf(s, t).type), isFar(t)]);
  const p = pickBest(tos, conds, (t) => tieOf(TYPE_ORDER)(s, t))!;
  return { to: p.item, said: described(s, p.item, labels, p) };
}

const CLASS_TEXT: Record<TargetClass, string> = { empty: 'an empty space', own: 'a space it holds', player: 'your space' };

/** The conditions a source space is ranked by, in the seed's listed order. */
function sourceConds(s: SoloState, froms: string[], patrolling: boolean): { conds: (f: string) => boolean[]; labels: Label[] } {
  const least = leastLand(s);
  const most = mostLand(s);
  const far = Math.max(...froms.map((f) => distanceFromHome(s, f)));
  const labels: Label[] = [
    NEXT_TO_EMPTY,
    FURTHEST,
    said(`next to ${landWords(least)}, held least`, 'ai.cond.nextToLeast', { land: landPhrase(least) }),
    said(`${landWords(most)}, the land it holds most`, 'ai.cond.mostLand', { land: landPhrase(most) }),
  ];
  const conds = (f: string) => {
    const type = regionOf(s, f).type;
    return [patrolling && adjacentEmpty(s, f), distanceFromHome(s, f) === far, adjacentLand(s, f, least), most.includes(type)];
  };
  return { conds, labels: patrolling ? labels : labels.map((l, i) => (i === 0 ? null : l)) };
}

type Tier = { rule: string; text: string; from: (f: string) => boolean; classes: TargetClass[]; further?: boolean };
/** A tier's text as a phrase: its rule names the key (patrol.pair-to-empty → ai.tier.patrol.pair-to-empty). */
const tierPhrase = (tier: Tier): Phrase => phrase(`ai.tier.${tier.rule}`);

/** Picks a move within the first tier that has one. */
function chooseInTiers(s: SoloState, steps: Step[], tiers: Tier[], patrolling: boolean): AiStep | null {
  for (const tier of tiers) {
    for (const cls of tier.classes) {
      const fits = steps.filter(
        (st) => tier.from(st.from) && classOf(s, st.to) === cls && (!tier.further || cls !== 'own' || distanceFromHome(s, st.to) > distanceFromHome(s, st.from)),
      );
      if (fits.length === 0) continue;
      const froms = [...new Set(fits.map((st) => st.from))];
      const { conds, labels } = sourceConds(s, froms, patrolling);
      const p = pickBest(froms, conds, (f) => tieOf(patrolling ? TYPE_ORDER : QUEST_FROM_ORDER)(s, f))!;
      const from = p.item;
      const target = pickTarget(s, fits.filter((st) => st.from === from).map((st) => st.to), cls);
      const fromSaid = described(s, from, labels, p, patrolling ? HOW.order : QUEST_ORDER);
      const why = `${tier.text}; from ${fromSaid.text} to ${target.said.text}, ${CLASS_TEXT[cls]}`;
      const whyPhrase = phrase(`ai.step.${cls}`, { tier: tierPhrase(tier), from: fromSaid.phrase, to: target.said.phrase });
      return { from, to: target.to, rule: `${tier.rule}.${cls}`, why, whyPhrase };
    }
  }
  return null;
}

/** The AI's Patrol, following the seed's Patrol rules and AI Preferences; or why it cannot. */
export function aiPatrol(s: SoloState): AiChoice<AiStep> {
  const b = s.board;
  const home = aiHome(s).id;
  const k = s.kingdoms[AI]!;
  const noAttack = s.alliances.length > 0;
  const steps = patrolSteps(b, AI).filter((st) => {
    if (regionOf(s, st.from).type === 'ruins') return false;
    if (st.from === home && k.meeplesInSupply === 0) return false;
    if (restrictedTarget(s, st.to)) return false;
    if (st.opponents.length > 0 && (noAttack || countIn(b, st.from, AI) < 2)) return false;
    return true;
  });
  const pair = (f: string) => f !== home && countIn(b, f, AI) >= 2;
  const tiers: Tier[] = [
    { rule: 'patrol.pair-to-empty', text: 'first choice, a pair to an empty space', from: pair, classes: ['empty'] },
    { rule: 'patrol.home', text: 'no pair can reach an empty space, so it leaves its Home Space (a reserve meeple refills it)', from: (f) => f === home, classes: ['empty', 'own', 'player'], further: true },
    { rule: 'patrol.pair-onward', text: 'no pair can reach an empty space and home cannot move, so a pair moves on', from: pair, classes: ['own', 'player'], further: true },
    { rule: 'patrol.single', text: 'no pair or home move, so a single meeple to an empty space', from: (f) => f !== home && countIn(b, f, AI) === 1, classes: ['empty'] },
  ];
  for (const own of [true, false]) {
    const pool = steps.filter((st) => onAiCard(s, st.from) === own);
    const chosen = chooseInTiers(s, pool, tiers, true);
    if (chosen) {
      const where = own ? '' : '; nothing can patrol on its own card';
      const whyPhrase = own ? chosen.whyPhrase : phrase('ai.patrol.onYourCard', { why: chosen.whyPhrase });
      return { ok: true, value: { ...chosen, why: `${chosen.why}${where}`, whyPhrase } };
    }
  }
  return cannot('no meeple can patrol under its rules', 'ai.patrol.none');
}

/** The AI's Quest: only once every space of its card is occupied, from a space with two meeples. */
export function aiQuest(s: SoloState): AiChoice<AiStep> {
  const b = s.board;
  const empty = aiTerritory(s).regions.filter((r) => !occupied(s, r.id));
  if (empty.length > 0) {
    return cannot(`it quests only once every space of its card is occupied (${empty.map((r) => r.name).join(', ')} empty)`, 'ai.quest.notFull', {
      count: empty.length,
      regions: commaList(empty.map((r) => r.name)),
    });
  }
  const home = aiHome(s).id;
  const k = s.kingdoms[AI]!;
  const noAttack = s.alliances.length > 0;
  const steps = questSteps(b, AI).filter((st) => {
    if (!onAiCard(s, st.from) || onAiCard(s, st.to)) return false;
    if (regionOf(s, st.from).type === 'ruins' || countIn(b, st.from, AI) < 2) return false;
    if (st.from === home && k.meeplesInSupply === 0) return false;
    if (restrictedTarget(s, st.to)) return false;
    if (st.opponents.length > 0 && noAttack) return false;
    return true;
  });
  const tiers: Tier[] = [
    { rule: 'quest.pair', text: 'every space of its card is occupied; a border pair quests', from: (f) => f !== home, classes: ['empty', 'own', 'player'] },
    { rule: 'quest.home', text: 'every space of its card is occupied; its Home Space quests (a reserve meeple refills it)', from: (f) => f === home, classes: ['empty', 'own', 'player'] },
  ];
  const chosen = chooseInTiers(s, steps, tiers, false);
  return chosen ? { ok: true, value: chosen } : cannot('no border space of its card holds two meeples that may leave', 'ai.quest.none');
}

/** Where the AI expands: nearest its Home Space, then nearest an empty space, then nearest yours. */
export function aiExpand(s: SoloState): AiChoice<{ region: string; rule: string; why: string; whyPhrase: Phrase }> {
  const k: Kingdom = s.kingdoms[AI]!;
  const regions = expandRegions(s.board, AI, k);
  if (regions.length === 0) {
    const cost = s.board && allRegions(s.board).reduce((n, r) => n + countIn(s.board, r.id, AI), 0) + 1;
    if (k.meeplesInSupply === 0) return cannot('it has no meeple in reserve', 'ai.expand.noReserve');
    if (k.food < cost) return cannot(`it has ${k.food} Food and Expand costs ${cost}`, 'ai.expand.noFood', { has: kingdomsPhrase('terms.amount.food', { count: k.food }), cost });
    return cannot('no space holds a single meeple of its own with room', 'ai.expand.noSpace');
  }
  const nearest = (id: string, test: (r: string) => boolean) => {
    const t = findRegion(s.board, id)!.territory;
    const d = distancesFrom(t, id);
    const ds = Object.entries(d).filter(([r]) => r !== id && test(r)).map(([, v]) => v);
    return ds.length ? Math.min(...ds) : 99;
  };
  const keyOf = (id: string) => [
    distanceFromHome(s, id),
    nearest(id, (r) => !occupied(s, r)),
    nearest(id, (r) => countIn(s.board, r, PLAYER) > 0),
    typeRank(TYPE_ORDER, s, id),
    regionOf(s, id).number,
    findRegion(s.board, id)!.slot === 1 ? 0 : 1,
  ];
  const sorted = [...regions].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });
  const best = sorted[0]!;
  const second = sorted[1];
  const reasons: Said[] = [
    said('nearest its Home Space with a single meeple', 'ai.expand.nearestHome'),
    said('tied, and nearest an empty space', 'ai.expand.nearestEmpty'),
    said('tied, and nearest a space of yours', 'ai.expand.nearestYours'),
    HOW.order,
    HOW.number,
    HOW.card,
  ];
  let why: Said = regions.length === 1 ? said('the only space with a single meeple of its own', 'ai.expand.only') : reasons[0]!;
  if (second) {
    const ka = keyOf(best);
    const kb = keyOf(second);
    const i = ka.findIndex((v, j) => v !== kb[j]);
    const then = reasons[i] ?? HOW.number;
    if (i > 0) why = { text: `${reasons[0]!.text}, ${then.text}`, phrase: kingdomsPhrase('terms.commaList', { head: reasons[0]!.phrase, last: then.phrase }) };
  }
  return { ok: true, value: { region: best, rule: 'expand.nearest-home', why: why.text, whyPhrase: why.phrase } };
}

/** The resource the AI gives up when a rule lets it choose (never for war): the one it has most of. */
export function resourceToGiveUp(k: Kingdom): Resource {
  return RESOURCE_ORDER.reduce((best, r) => (k[r] > k[best] ? r : best), RESOURCE_ORDER[0]!);
}

/** The resource the AI gains when a rule lets it choose (not collecting): the one it has least of. */
export function resourceToGain(k: Kingdom): Resource {
  return RESOURCE_ORDER.reduce((best, r) => (k[r] < k[best] ? r : best), RESOURCE_ORDER[0]!);
}
