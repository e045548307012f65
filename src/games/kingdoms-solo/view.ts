// The JSON the renderer draws: the shared kingdom view, plus what only the Solo Variant has.
import type { Seat } from '../../engine/index.js';
import { buildKingdomsView, factionById, findRegion, maxCommitment, phrase, type KingdomsView } from '../kingdoms-base/index.js';
import { choicePrompt, choicePromptPhrase } from './choices.js';
import { outcome } from './outcome.js';
import { toAct } from './rules.js';
import { AI, PLAYER, SIDE_NAME, type SoloState } from './types.js';

export type SoloView = KingdomsView & {
  solo: {
    difficulty: SoloState['difficulty'];
    phase: SoloState['phase'];
    /** Both factions: [player's, AI's]; before the choice, the two drawn. */
    factions: { id: string; name: string; colour: string }[];
    drawn: SoloState['drawn'];
    alliances: { id: string; name: string }[];
    /** The war being fought now, if any. */
    war: { region: string; regionName: string; attacker: string; defender: string; aiCanCommit: number; flagCommitted: number | null } | null;
    warsWaiting: number;
    aiObjectives: SoloState['aiReached'];
    /** The round after which the game is scored, once triggered. */
    endRound: number | null;
  };
};

export function view(s: SoloState, _seat?: Seat): SoloView {
  const factions = s.factions.map((id) => factionById(id));
  const out = outcome(s);
  const base = buildKingdomsView({
    game: 'kingdoms-solo',
    title: 'Solo Variant',
    round: s.round,
    board: s.board,
    sides: [PLAYER, AI].map((side) => ({
      name: SIDE_NAME[side]!,
      namePhrase: phrase(side === PLAYER ? 'board.you' : 'board.ai'),
      role: side === PLAYER ? 'player' : 'ai',
      colour: factions[side]!.colour,
      piece: 'meeple' as const,
      faction: factions[side]!,
    })),
    kingdoms: s.kingdoms,
    actionCard: s.card,
    turn: s.phase === 'over' || s.round === 0 ? null : s.active,
    toAct: toAct(s),
    asked: out ? out.reason : choicePrompt(s, PLAYER, []),
    askedPhrase: out?.reasonPhrase ?? choicePromptPhrase(s, PLAYER, []),
    endTriggered: s.endTrigger,
    recent: s.recent,
    recentPhrases: s.recentPhrases ?? [],
    score: s.score
      ? { sides: s.score.map((side) => ({ ...side, namePhrase: phrase(side.side === PLAYER ? 'board.you' : 'board.ai') })), result: out?.reason ?? '', ...(out?.reasonPhrase ? { resultPhrase: out.reasonPhrase } : {}) }
      : null,
    outcome: out,
    allied: s.alliances,
  });
  const war = s.wars[0];
  const name = (id: string) => findRegion(s.board, id)?.region.name ?? id;
  return {
    ...base,
    solo: {
      difficulty: s.difficulty,
      phase: s.phase,
      factions: factions.map((f) => ({ id: f.id, name: f.name, colour: f.colour })),
      drawn: { factions: [...s.drawn.factions], cards: [...s.drawn.cards] },
      alliances: s.alliances.map((id) => ({ id, name: name(id) })),
      war: war && (s.phase === 'war' || s.phase === 'flag')
        ? {
            region: war.region,
            regionName: name(war.region),
            attacker: war.attacker,
            defender: war.defender,
            aiCanCommit: maxCommitment(s.kingdoms[AI]),
            flagCommitted: s.flagCommit ? s.flagCommit.mana * 2 + s.flagCommit.ore : null,
          }
        : null,
      warsWaiting: Math.max(0, s.wars.length - 1),
      aiObjectives: { ...s.aiReached },
      endRound: s.endRound,
    },
  };
}
