// Who acts, which moves are legal, and the canonical shape of a move: one list behind play,
// parseMove, the buttons and autocomplete.
import { err, ok, type Phrase, type PhraseValue, type Result, type Seat } from '../../engine/index.js';
import {
  ACTIONS,
  actionVerb,
  phrase,
  canBuild,
  canResearch,
  expandRegions,
  freeActions,
  isAction,
  isResource,
  maxCommitment,
  patrolSteps,
  paymentsFor,
  questSteps,
  RESOURCES,
  ruinsHeld,
  territory,
  tradeLimit,
  type Action,
  type Resource,
} from '../kingdoms-base/index.js';
import { adjustments, PLAYER, SOLO, type SoloMove, type SoloState } from './types.js';

export function toAct(s: SoloState): Seat[] {
  return s.phase === 'over' ? [] : [PLAYER];
}

/** The resources the player splits at the start. */
export const startTotal = (s: SoloState): number =>
  adjustments(s.difficulty).playerStartsWithThree ? SOLO.playerStartHarder : SOLO.playerStart;

/** The player's moves that carry out `action` (none when it cannot be taken). */
export function actionMoves(s: SoloState, action: Action): SoloMove[] {
  const b = s.board;
  const k = s.kingdoms[PLAYER]!;
  switch (action) {
    case 'patrol':
      return patrolSteps(b, PLAYER).map((st) => ({ type: 'patrol', from: st.from, to: st.to }));
    case 'quest':
      return questSteps(b, PLAYER).map((st) => ({ type: 'quest', from: st.from, to: st.to }));
    case 'build':
      return canBuild(k) ? [{ type: 'build' }] : [];
    case 'research':
      return canResearch(k) ? [{ type: 'research' }] : [];
    case 'expand':
      return expandRegions(b, PLAYER, k).map((region) => ({ type: 'expand', region }));
    case 'trade': {
      const out: SoloMove[] = [];
      for (const from of RESOURCES) {
        for (const to of RESOURCES) {
          for (let amount = 1; amount <= tradeLimit(k, from, to); amount++) out.push({ type: 'trade', from, to, amount });
        }
      }
      return out;
    }
  }
}

export function collectMoves(s: SoloState): SoloMove[] {
  return ruinsHeld(s.board, PLAYER) > 0 ? RESOURCES.map((ruins) => ({ type: 'collect', ruins })) : [{ type: 'collect' }];
}

export function warMoves(s: SoloState): SoloMove[] {
  const k = s.kingdoms[PLAYER]!;
  const out: SoloMove[] = [{ type: 'flag' }];
  for (let v = 0; v <= maxCommitment(k); v++) for (const p of paymentsFor(v, k)) out.push({ type: 'war', mana: p.mana, ore: p.ore });
  return out;
}

export function legalMoves(s: SoloState, seat: Seat): SoloMove[] {
  if (seat !== PLAYER) return [];
  switch (s.phase) {
    case 'faction':
      return s.drawn.factions.map((faction) => ({ type: 'faction', faction }));
    case 'territory':
      return s.drawn.cards.map((card) => ({ type: 'territory', card }));
    case 'split': {
      const total = startTotal(s);
      const out: SoloMove[] = [];
      for (let food = total; food >= 0; food--) for (let mana = total - food; mana >= 0; mana--) out.push({ type: 'split', food, mana, ore: total - food - mana });
      return out;
    }
    case 'place':
      return territory(s.board.cards[0]!.id, s.board.cards[0]!.side).regions.map((r) => ({ type: 'place', region: r.id }));
    case 'turn':
      return freeActions(s.card).flatMap((a) => [...actionMoves(s, a), { type: 'skip', action: a } as SoloMove]);
    case 'follow':
      return [...(s.action ? actionMoves(s, s.action) : []), ...collectMoves(s)];
    case 'war':
      return warMoves(s);
    case 'flag':
      return [{ type: 'defeat' }, { type: 'alliance' }];
    case 'over':
      return [];
  }
}

const isCount = (n: unknown, min = 0): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= 99;
const isId = (x: unknown): x is string => typeof x === 'string' && /^[a-z][a-z0-9-]{0,30}$/.test(x);

/** Checks the shape of a move given as JSON, and returns it in its canonical form. */
export function readMove(move: unknown): Result<SoloMove> {
  const bad = (message: string, key: string, values?: Record<string, PhraseValue>) => err<SoloMove>('bad-move', message, phrase(`errors.badMove.${key}`, values));
  if (move === null || typeof move !== 'object' || Array.isArray(move)) return bad('A move must be an object with a type, such as {"type":"build"}.', 'object');
  const m = move as Record<string, unknown>;
  switch (m.type) {
    case 'faction':
      return isId(m.faction) ? ok({ type: 'faction', faction: m.faction }) : bad('Name the faction you choose.', 'faction');
    case 'territory':
      return isId(m.card) ? ok({ type: 'territory', card: m.card }) : bad('Name the territory card you choose.', 'territory');
    case 'split':
      return isCount(m.food) && isCount(m.mana) && isCount(m.ore)
        ? ok({ type: 'split', food: m.food, mana: m.mana, ore: m.ore })
        : bad('A split gives Food, Mana and Ore as whole numbers.', 'split');
    case 'place':
      return isId(m.region) ? ok({ type: 'place', region: m.region }) : bad('Name the region for your first two meeples.', 'place');
    case 'patrol':
    case 'quest':
      return isId(m.from) && isId(m.to) ? ok({ type: m.type, from: m.from, to: m.to }) : bad(`A ${m.type} names the region it leaves and the region it enters.`, m.type === 'patrol' ? 'patrol' : 'quest');
    case 'build':
    case 'research':
    case 'flag':
    case 'defeat':
    case 'alliance':
      return ok({ type: m.type });
    case 'expand':
      return isId(m.region) ? ok({ type: 'expand', region: m.region }) : bad('Name the region where the new meeple goes.', 'expand');
    case 'trade':
      return isResource(m.from) && isResource(m.to) && isCount(m.amount, 1)
        ? ok({ type: 'trade', from: m.from, to: m.to, amount: m.amount })
        : bad('A trade gives an amount, the resource given and the resource taken (food, mana or ore).', 'trade');
    case 'skip':
      return isAction(m.action) ? ok({ type: 'skip', action: m.action }) : bad(`Skip one of the actions: ${ACTIONS.join(', ')}.`, 'skip', { actions: ACTIONS.join(', ') });
    case 'collect':
      if (m.ruins === undefined || m.ruins === null) return ok({ type: 'collect' });
      return isResource(m.ruins) ? ok({ type: 'collect', ruins: m.ruins as Resource }) : bad('The Ruins give food, mana or ore.', 'ruins');
    case 'war':
      return isCount(m.mana) && isCount(m.ore) ? ok({ type: 'war', mana: m.mana, ore: m.ore }) : bad('A war commitment pays whole numbers of Mana and Ore.', 'war');
    default:
      return bad('A move is faction, territory, split, place, patrol, quest, build, research, expand, trade, skip, collect, war, flag, defeat or alliance.', 'type');
  }
}

export const moveKey = (m: SoloMove): string => JSON.stringify(m);

type Why = { text: string; phrase: Phrase };
const why = (text: string, key: string, values?: Record<string, PhraseValue>): Why => ({ text, phrase: phrase(`errors.illegal.${key}`, values) });

/** Why a well-formed move is not legal now, in a sentence a player understands (and as a phrase). */
function whyNot(s: SoloState, m: SoloMove): Why {
  switch (s.phase) {
    case 'faction':
      return why(`Choose one of the two factions drawn: ${s.drawn.factions.join(' or ')}.`, 'faction', { first: s.drawn.factions[0], second: s.drawn.factions[1] });
    case 'territory':
      return why(`Choose one of the two territory cards drawn: ${s.drawn.cards.join(' or ')}.`, 'territory', { first: s.drawn.cards[0], second: s.drawn.cards[1] });
    case 'split':
      return why(`Split ${startTotal(s)} resources between Food, Mana and Ore.`, 'split', { total: startTotal(s) });
    case 'place':
      return why('Place your first two meeples on a region of your own card.', 'place');
    case 'war':
      return m.type === 'war'
        ? why(`You cannot commit ${m.mana} Mana and ${m.ore} Ore: commit what you have (Mana counts 2, Ore 1, at most 11), or the white flag.`, 'commit', { mana: m.mana, ore: m.ore })
        : why('A war is on: commit resources or raise the white flag.', 'warOn');
    case 'flag':
      return why('The AI raised the white flag: defeat it, or form an alliance.', 'flag');
    case 'follow':
      if (m.type === 'skip') return why('When following, take the same action or collect.', 'noSkipWhenFollowing');
      return why(`The AI chose ${s.action}: follow it or collect.`, 'followOrCollect', { action: s.action ? actionVerb(s.action) : '' });
    default:
      break;
  }
  if (m.type === 'collect') return why('On your turn you choose an action; you collect only when following the AI.', 'collectOnlyFollowing');
  const action = m.type === 'skip' ? m.action : (m.type as Action);
  if (isAction(action) && s.card[action] !== null) return why(`${action} already holds a shield this round.`, 'shieldTaken', { action: actionVerb(action) });
  if (m.type === 'build') return why('You do not have the Ore for the next tower level.', 'noOre');
  if (m.type === 'research') return why('You do not have the Mana for the next magic level.', 'noMana');
  if (m.type === 'patrol' || m.type === 'quest') return why(`You cannot ${m.type} from ${m.from} to ${m.to} now.`, `${m.type}`, { from: m.from, to: m.to });
  if (m.type === 'expand') return why(`You cannot expand into ${m.region} now.`, 'expand', { region: m.region });
  if (m.type === 'trade') return why(`You cannot trade ${m.amount} ${m.from} for ${m.to} now.`, 'trade', { amount: m.amount, from: phrase(`errors.resourceWord.${m.from}`), to: phrase(`errors.resourceWord.${m.to}`) });
  return why('That move is not open now.', 'notOpen');
}

/** The move as it stands in `legalMoves`, or why it is not legal. */
export function checkMove(s: SoloState, seat: Seat, move: unknown): Result<SoloMove> {
  if (s.phase === 'over') return err('game-over', 'The game is over.', phrase('errors.over'));
  if (seat !== PLAYER) return err('not-your-turn', 'Only the player makes moves; the AI kingdom plays by its rules.', phrase('errors.notYourTurn'));
  const read = readMove(move);
  if (!read.ok) return read;
  const key = moveKey(read.value);
  const found = legalMoves(s, seat).find((m) => moveKey(m) === key);
  if (found) return ok(found);
  const refused = whyNot(s, read.value);
  return err('illegal-move', refused.text, refused.phrase);
}
