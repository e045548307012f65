// The JSON the board image and tests read: the shared kingdom view, plus Siege Mode's own fields.
import type { Seat } from '../../engine/index.js';
import { buildKingdomsView, factionById, factionTerm, maxCommitment, phrase, type KingdomsView } from '../kingdoms-base/index.js';
import { choicePrompt, choicePromptPhrase } from './choices.js';
import { outcome, resultPhrase, resultText } from './scoring.js';
import { toAct } from './rules.js';
import { ENEMY, ENEMY_COLOUR, PLAYER, type SiegeState } from './types.js';

export type SiegeView = KingdomsView & {
  phase: SiegeState['phase'];
  follow: SiegeState['follow'];
  enemyCanCommit: number;
};

/** Nothing is hidden in Siege Mode but the dice to come, so every seat sees the same view. */
export function view(s: SiegeState, _seat?: Seat): SiegeView {
  const faction = factionById(s.faction);
  const over = s.phase === 'over';
  const base = buildKingdomsView({
    game: 'kingdoms-siege',
    title: 'Siege Mode',
    round: s.round,
    board: s.board,
    sides: [
      { name: faction.name, namePhrase: factionTerm(faction.id), role: 'player', colour: faction.colour, piece: 'meeple', faction },
      { name: 'Enemy', namePhrase: phrase('board.enemy'), role: 'enemy', colour: ENEMY_COLOUR, piece: 'cube', faction: null },
    ],
    kingdoms: s.kingdoms,
    actionCard: s.card,
    turn: over || s.phase === 'split' || s.phase === 'place' ? null : s.phase === 'follow' ? ENEMY : PLAYER,
    toAct: toAct(s),
    asked: over ? resultText(s.score?.total ?? 0) : choicePrompt(s, PLAYER, []),
    askedPhrase: over ? resultPhrase(s.score?.total ?? 0) : choicePromptPhrase(s, PLAYER, []),
    endTriggered: s.endTrigger,
    recent: s.recent,
    recentPhrases: s.recentPhrases ?? [],
    score: s.score
      ? {
          sides: [{ side: PLAYER, name: faction.name, namePhrase: factionTerm(faction.id), lines: s.score.lines.map((l) => ({ ...l })), total: s.score.total }],
          result: resultText(s.score.total),
          resultPhrase: resultPhrase(s.score.total),
        }
      : null,
    outcome: outcome(s),
  });
  return { ...base, phase: s.phase, follow: s.follow, enemyCanCommit: maxCommitment(s.kingdoms[ENEMY]) };
}
