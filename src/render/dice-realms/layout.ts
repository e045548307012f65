// The Dice Realms board's shared ground: the view it draws, its measures, and the pieces the rows
// and the captions both use (the drawing context, pills, seat swatches).
import type { Phrase } from '../../engine/phrase.js';
import { type Palette, type RenderOptions, type SeatColours, rect, stripesOnRect, text } from '../svg.js';
import type { Chip } from './dice.js';
import { roomFor } from './textMetrics.js';
import type { ResourceKey, TerritoryKey, UnitKey, Words } from './words.js';

export type { ResourceKey, TerritoryKey, UnitKey } from './words.js';

export type DiceRealmsRoll = { seat: number; die: string; sides: number; face: number; for: string };

export type DiceRealmsRealmView = {
  seat: number;
  name: string;
  resources: Record<ResourceKey, { name: string; value: number; die: string; max: number }>;
  territories: Record<TerritoryKey, { name: string; health: number; die: string; max: number; destroyed: boolean; yields: string }>;
  units: Record<
    UnitKey,
    {
      name: string;
      value: number;
      die: string;
      max: number;
      active: boolean;
      felled: boolean;
      status: 'active' | 'felled' | 'reserve';
      attackedThisTurn: boolean;
      trainedThisTurn: boolean;
    }
  >;
};

export type DiceRealmsView = {
  game: 'dice-realms';
  variant: 'classic' | 'fast';
  seatNames: string[];
  turn: number;
  active: number;
  phase: 'gather' | 'spend' | 'attack' | 'train' | 'defend' | 'over';
  step: string;
  gathered: string | null;
  attackedThisTurn: string[];
  trainedThisTurn: string[];
  pending: null | { attacker: number; unit: UnitKey; value: number; target: TerritoryKey; defender: number | null };
  toAct: number[];
  realms: DiceRealmsRealmView[];
  rolls: { thisTurn: DiceRealmsRoll[]; lastTurn: null | { turn: number; seat: number; rolls: DiceRealmsRoll[] } };
  outcome: null | { winners: number[]; draw: boolean; reason: string; reasonPhrase?: Phrase };
};

export const RESOURCES: ResourceKey[] = ['food', 'population', 'military'];
export const TERRITORIES: TerritoryKey[] = ['farms', 'city', 'keep'];
export const UNITS: UnitKey[] = ['infantry', 'ranged', 'cavalry', 'siege'];
export const YIELD: Record<TerritoryKey, ResourceKey> = { farms: 'food', city: 'population', keep: 'military' };

export const WIDTH = 1000;
export const MARGIN = 14;
export const HEADER_H = 58;
export const BANNER_H = 50;
export const RESOURCE_H = 88;
export const TERRITORY_H = 98;
export const UNIT_H = 120;
export const REALM_H = BANNER_H + RESOURCE_H + TERRITORY_H + UNIT_H;
export const FRONT_H = 40;
/** Room for two lines of the smallest text, where a long sentence or a result must wrap. */
export const STATUS_H = 64;
export const INNER_X = MARGIN + 10;
export const INNER_W = WIDTH - 2 * INNER_X;
export const TOP_SEAT = 1;
/** The smallest text on the board, 2.5 % of its width (dice.ts's SMALL). */
export const SMALLEST = 25;

export type Slot = { x: number; y: number; w: number; h: number };

export type Ctx = {
  view: DiceRealmsView;
  p: Palette;
  opts: RenderOptions;
  words: Words;
  chips: Map<string, Chip[]>;
  /** Over by the rules, or ended by the platform (`opts.finished`). */
  over: boolean;
  winner: number | null;
  /** The attack waiting for a defender; null once the game is over. */
  pending: DiceRealmsView['pending'];
};

/** A seat's name in the board's language, and the colour it is drawn in when the colour-blind palette changes it. */
export function seatTitle(ctx: Pick<Ctx, 'p' | 'words'>, seat: number): string {
  const name = ctx.words.seat(seat);
  return ctx.p.name === 'colourblind' && seat === 0 ? ctx.words.board('seatOrange', { seat: name }) : name;
}

const PILL_H = 34;
const PILL_PAD = 12;

/** How wide a pill is drawn around `label`. */
export const pillWidth = (label: string) => roomFor(label, SMALLEST) + 2 * PILL_PAD;

/** A rounded label in white on a dark colour, its left edge at x. */
export function pill(x: number, cy: number, label: string, fill: string): { svg: string; w: number } {
  const box = roomFor(label, SMALLEST);
  const w = box + 2 * PILL_PAD;
  return {
    svg: rect(x, cy - PILL_H / 2, w, PILL_H, { fill, radius: PILL_H / 2 }) + text(x + w / 2, cy, label, { size: SMALLEST, fill: '#ffffff', anchor: 'middle', box }),
    w,
  };
}

export function swatch(x: number, cy: number, size: number, s: SeatColours): string {
  return (
    rect(x, cy - size / 2, size, size, { fill: s.fill, stroke: s.edge, strokeWidth: 3, radius: size * 0.2 }) +
    (s.striped ? stripesOnRect(x + size / 2, cy, 0, size - 4, size - 4, size * 0.3) : '')
  );
}

/** The rows of a realm drawn from `top`: the top realm faces down (its banner at the board's edge). */
export function realmRows(seat: number, top: number): { banner: number; resources: number; territories: number; units: number } {
  return seat === TOP_SEAT
    ? { banner: top, resources: top + BANNER_H, territories: top + BANNER_H + RESOURCE_H, units: top + BANNER_H + RESOURCE_H + TERRITORY_H }
    : { units: top, territories: top + UNIT_H, resources: top + UNIT_H + TERRITORY_H, banner: top + UNIT_H + TERRITORY_H + RESOURCE_H };
}

/** The top of each seat's realm: the top seat's under the header, the other's beyond the front line. */
export function realmTop(seat: number): number {
  return seat === TOP_SEAT ? HEADER_H : HEADER_H + REALM_H + FRONT_H;
}
