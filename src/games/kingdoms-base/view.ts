// The view both kingdom variants show, built in one place: the cards as small maps with each
// side's meeples, both kingdoms' tracks, the action card, whose turn, what is asked, the score.
import type { Outcome, Phrase } from '../../engine/index.js';
import { ACTION_NAME, ACTIONS, actionNumber, shieldsPlaced, type Action, type ActionCard } from './actionCard.js';
import { bonusPhrase, bonusText, type Faction } from './factions.js';
import { onMap, territories, type BoardState, type Kingdom } from './kingdom.js';
import { factionTerm } from './phrases.js';
import type { Resource } from './resources.js';
import type { ScoreLine } from './scoring.js';
import { towerVp } from './scoring.js';
import { REGION_TYPE_NAME, YIELD, type CardSide, type RegionType } from './territories.js';
import { VALUES } from './values.js';

/** Who stands in a region. `allied`: this side's meeples share the region in an alliance. */
export type OccupantView = { side: number; count: number; allied?: boolean };

export type RegionView = {
  id: string;
  number: number;
  name: string;
  type: RegionType;
  typeName: string;
  yields: Resource | 'choice' | null;
  border: boolean;
  home: boolean;
  x: number;
  y: number;
  occupants: OccupantView[];
};

export type CardView = {
  slot: number;
  id: string;
  name: string;
  side: CardSide;
  owner: number;
  cols: number;
  rows: number;
  regions: RegionView[];
  edges: [string, string][];
};

export type SideInfo = {
  name: string;
  /** The name in the reader's language ("Enemy", "You", a faction). */
  namePhrase?: Phrase;
  /** 'player', 'enemy' or 'ai': how the side is driven. */
  role: string;
  colour: string;
  /** How its pieces are drawn. */
  piece: 'meeple' | 'cube';
  faction: Faction | null;
};

export type SideView = {
  side: number;
  name: string;
  namePhrase?: Phrase;
  role: string;
  colour: string;
  piece: 'meeple' | 'cube';
  faction: { id: string; name: string; bonus: string; namePhrase?: Phrase; bonusPhrase?: Phrase } | null;
  resources: Record<Resource, number>;
  tower: number;
  towerVp: number;
  magic: number;
  meeplesInSupply: number;
  onMap: number;
};

export type ActionCardView = {
  actions: { action: Action; number: number; name: string; shield: number | null }[];
  placed: number;
  perRound: number;
};

export type ScoreView = {
  sides: { side: number; name: string; namePhrase?: Phrase; lines: ScoreLine[]; total: number }[];
  result: string;
  resultPhrase?: Phrase;
};

export type KingdomsView = {
  game: string;
  title: string;
  round: number;
  sides: SideView[];
  cards: CardView[];
  actionCard: ActionCardView;
  /** Whose turn it is (side index), null before the first turn and after the end. */
  turn: number | null;
  toAct: number[];
  /** One line: what the player is asked now, or the result. */
  asked: string;
  askedPhrase?: Phrase;
  endTriggered: string | null;
  /** The most recent events, oldest first, for a caption. */
  recent: string[];
  /** Each of `recent` in the reader's language (null: an event stored before phrases, said in English). */
  recentPhrases?: (Phrase | null)[];
  score: ScoreView | null;
  outcome: Outcome | null;
  limits: { resourceMax: number; towerMax: number; magicMax: number; meeples: number };
};

export type ViewInput = {
  game: string;
  title: string;
  round: number;
  board: BoardState;
  sides: SideInfo[];
  kingdoms: Kingdom[];
  actionCard: ActionCard;
  turn: number | null;
  toAct: number[];
  asked: string;
  askedPhrase?: Phrase;
  endTriggered: string | null;
  recent?: string[];
  recentPhrases?: (Phrase | null)[];
  score?: ScoreView | null;
  outcome?: Outcome | null;
  /** Regions where the sides present are allied (Solo Variant). */
  allied?: string[];
};

export function buildKingdomsView(v: ViewInput): KingdomsView {
  const allied = new Set(v.allied ?? []);
  const cards: CardView[] = territories(v.board).map((t, slot) => ({
    slot,
    id: t.id,
    name: t.name,
    side: t.side,
    owner: v.board.cards[slot]!.owner,
    cols: t.cols,
    rows: t.rows,
    regions: t.regions.map((r) => ({
      id: r.id,
      number: r.number,
      name: r.name,
      type: r.type,
      typeName: REGION_TYPE_NAME[r.type],
      yields: YIELD[r.type],
      border: r.border,
      home: r.home,
      x: r.x,
      y: r.y,
      occupants: (v.board.occupants[r.id] ?? []).flatMap((count, side) =>
        count > 0 ? [allied.has(r.id) ? { side, count, allied: true } : { side, count }] : [],
      ),
    })),
    edges: t.edges.map(([a, b]) => [a, b] as [string, string]),
  }));
  const sides: SideView[] = v.sides.map((info, side) => {
    const k = v.kingdoms[side]!;
    return {
      side,
      name: info.name,
      ...(info.namePhrase ? { namePhrase: info.namePhrase } : {}),
      role: info.role,
      colour: info.colour,
      piece: info.piece,
      faction: info.faction
        ? {
            id: info.faction.id,
            name: info.faction.name,
            bonus: bonusText(info.faction.bonus),
            namePhrase: factionTerm(info.faction.id),
            bonusPhrase: bonusPhrase(info.faction.bonus),
          }
        : null,
      resources: { food: k.food, mana: k.mana, ore: k.ore },
      tower: k.tower,
      towerVp: towerVp(k.tower),
      magic: k.magic,
      meeplesInSupply: k.meeplesInSupply,
      onMap: onMap(v.board, side),
    };
  });
  return {
    game: v.game,
    title: v.title,
    round: v.round,
    sides,
    cards,
    actionCard: {
      actions: ACTIONS.map((a) => ({ action: a, number: actionNumber(a), name: ACTION_NAME[a], shield: v.actionCard[a] })),
      placed: shieldsPlaced(v.actionCard),
      perRound: VALUES.shieldsPerRound,
    },
    turn: v.turn,
    toAct: [...v.toAct],
    asked: v.asked,
    ...(v.askedPhrase ? { askedPhrase: v.askedPhrase } : {}),
    endTriggered: v.endTriggered,
    recent: [...(v.recent ?? [])],
    recentPhrases: (v.recent ?? []).map((_, i) => v.recentPhrases?.[i] ?? null),
    score: v.score ?? null,
    outcome: v.outcome ?? null,
    limits: { resourceMax: VALUES.resourceMax, towerMax: VALUES.towerMax, magicMax: VALUES.magicMax, meeples: VALUES.meeples },
  };
}
