// Base scoring, line by line: meeples (not in Ruins), tower, magic, Capital City, faction bonus.
// Variants compose their own lists from these lines.
import type { Phrase } from '../../engine/index.js';
import { factionBonusVp, type Faction } from './factions.js';
import { allRegions, countIn, onMap, type BoardState, type Kingdom } from './kingdom.js';
import { factionTerm, kingdomsPhrase } from './phrases.js';
import { VALUES } from './values.js';

/** One line of a score: what it counts and the VP it gives (negative for a penalty). */
export type ScoreLine = { key: string; label: string; count: number; vp: number; phrase?: Phrase };

export const towerVp = (level: number): number => VALUES.towerVp[Math.max(0, Math.min(VALUES.towerMax, level))] ?? 0;
export const magicVp = (level: number): number => level * VALUES.magicVpPerLevel;

/** Meeples of `side` on the map outside Ruins. */
export const scoringMeeples = (b: BoardState, side: number): number =>
  allRegions(b).reduce((n, r) => n + (r.type === 'ruins' ? 0 : countIn(b, r.id, side)), 0);

/** Capital Cities where `side` is the only side present. */
export const capitalsHeldAlone = (b: BoardState, side: number): number =>
  allRegions(b).filter((r) => r.type === 'capital' && countIn(b, r.id, side) > 0 && (b.occupants[r.id] ?? []).every((c, s) => s === side || c === 0)).length;

// `vp || 0` keeps a -0 (a penalty times zero) out of JSON state, where it would come back as 0.
export const line = (key: string, label: string, count: number, vp: number, phrase?: Phrase): ScoreLine =>
  phrase ? { key, label, count, vp: vp || 0, phrase } : { key, label, count, vp: vp || 0 };

export function meeplesLine(b: BoardState, side: number): ScoreLine {
  const n = scoringMeeples(b, side);
  const inRuins = onMap(b, side) - n;
  return inRuins > 0
    ? line('meeples', `Meeples on the map (${inRuins} in Ruins: 0)`, n, n, kingdomsPhrase('score.meeplesSomeInRuins', { inRuins }))
    : line('meeples', 'Meeples on the map', n, n, kingdomsPhrase('score.meeples'));
}
export const towerLine = (k: Kingdom): ScoreLine =>
  line('tower', `Tower level ${k.tower}`, k.tower, towerVp(k.tower), kingdomsPhrase('score.tower', { level: k.tower }));
export const magicLine = (k: Kingdom): ScoreLine =>
  line('magic', `Magic level ${k.magic}`, k.magic, magicVp(k.magic), kingdomsPhrase('score.magic', { level: k.magic }));
export function capitalLine(b: BoardState, side: number): ScoreLine {
  const n = capitalsHeldAlone(b, side);
  return line('capital', 'Capital City held alone', n, n * VALUES.capitalVp, kingdomsPhrase('score.capital'));
}
export function factionLine(f: Faction, b: BoardState, side: number, k: Kingdom): ScoreLine {
  const vp = factionBonusVp(f, b, side, k);
  const reached = k.magic >= VALUES.magicMax;
  const phrase = kingdomsPhrase(reached ? 'score.faction' : 'score.factionNeedsMagic', { faction: factionTerm(f.id) });
  return line('faction', reached ? `${f.name} bonus` : `${f.name} bonus (needs magic 5)`, vp, vp, phrase);
}

/** The base game's score: every line, then the total. */
export function baseScore(b: BoardState, side: number, k: Kingdom, f: Faction | null): { lines: ScoreLine[]; total: number } {
  const lines = [meeplesLine(b, side), towerLine(k), magicLine(k), capitalLine(b, side)];
  if (f) lines.push(factionLine(f, b, side, k));
  return { lines, total: lines.reduce((a, l) => a + l.vp, 0) };
}

export const totalOf = (lines: ScoreLine[]): number => lines.reduce((a, l) => a + l.vp, 0);
