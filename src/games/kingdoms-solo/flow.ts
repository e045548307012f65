// One move of the player and everything the AI kingdom does in answer, up to the player's next
// decision: its following or collecting, its own turn, wars, the end of rounds and of the game.
import { err, ok, type GameEvent, type Phrase, type Result, type Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionTerm,
  ACTIONS,
  addMeeples,
  amountPhrase,
  build,
  buildCost,
  collect,
  countIn,
  emptyActionCard,
  expand,
  factionById,
  factionTerm,
  findRegion,
  homeRegion,
  commaList,
  moveMeeple,
  newBoard,
  newKingdom,
  onMap,
  phrase,
  placeShield,
  research,
  researchCost,
  RESOURCE_NAME,
  resourcesPhrase,
  resourcesText,
  roundComplete,
  shieldsPlaced,
  territory,
  trade,
  VALUES,
  type Action,
} from '../kingdoms-base/index.js';
import { aiDoes, settle } from './aiActions.js';
import { checkMove } from './rules.js';
import { finalScore } from './scoring.js';
import { cloneState, PLAYER, AI, SOLO, type Ctx, type SoloMove, type SoloState, type War } from './types.js';
import { resolveFlagChoice, resolveWar } from './war.js';

const regionName = (s: SoloState, id: string): string => findRegion(s.board, id)?.region.name ?? id;

export function play(state: SoloState, seat: Seat, move: SoloMove): Result<{ state: SoloState; events: GameEvent[] }> {
  if (state === null || typeof state !== 'object' || state.game !== 'kingdoms-solo') return err('bad-state', 'There is no Solo Variant game here.');
  const checked = checkMove(state, seat, move);
  if (!checked.ok) return checked;
  const c: Ctx = { s: cloneState(state), events: [] };
  apply(c, checked.value);
  const told = c.events.slice(-8);
  c.s.recent = told.map((e) => e.text);
  c.s.recentPhrases = told.map((e) => e.phrase ?? null);
  return ok({ state: c.s, events: c.events });
}

function apply(c: Ctx, m: SoloMove): void {
  const s = c.s;
  switch (s.phase) {
    case 'faction':
      if (m.type !== 'faction') return;
      s.factions = [m.faction, s.drawn.factions.find((f) => f !== m.faction)!];
      s.phase = 'territory';
      c.events.push({
        type: 'faction',
        faction: m.faction,
        text: `You lead the ${factionById(m.faction).name} faction; the AI takes the other.`,
        phrase: phrase('events.faction', { faction: factionTerm(m.faction) }),
      });
      return;
    case 'territory':
      if (m.type !== 'territory') return;
      chooseTerritory(s, m.card);
      c.events.push({
        type: 'territory',
        card: m.card,
        text: `You take ${territory(m.card, 'A').name}; the AI rules ${territory(s.board.cards[1]!.id, 'B').name} (side B, no Ruins).`,
        phrase: phrase('events.territory', { card: territory(m.card, 'A').name, aiCard: territory(s.board.cards[1]!.id, 'B').name }),
      });
      return;
    case 'split':
      if (m.type !== 'split') return;
      s.kingdoms[PLAYER] = { ...s.kingdoms[PLAYER], food: m.food, mana: m.mana, ore: m.ore };
      s.phase = 'place';
      c.events.push({
        type: 'split',
        food: m.food,
        mana: m.mana,
        ore: m.ore,
        text: `You start with ${m.food} Food, ${m.mana} Mana and ${m.ore} Ore.`,
        phrase: phrase('events.split', { food: m.food, mana: m.mana, ore: m.ore }),
      });
      return;
    case 'place':
      if (m.type !== 'place') return;
      s.board = addMeeples(s.board, m.region, PLAYER, VALUES.startMeeples);
      s.kingdoms[PLAYER] = { ...s.kingdoms[PLAYER], meeplesInSupply: VALUES.meeples - VALUES.startMeeples };
      c.events.push({ type: 'place', region: m.region, text: `Your first two meeples stand in ${regionName(s, m.region)}.`, phrase: phrase('events.place', { region: regionName(s, m.region) }) });
      s.turn = 1;
      s.round = 1;
      aiTurn(c);
      return;
    case 'turn': {
      const action = m.type === 'skip' ? m.action : (m.type as Action);
      s.card = placeShield(s.card, action, PLAYER);
      s.action = action;
      if (playerActs(c, m)) return startWar(c, 'ai-respond');
      aiRespond(c);
      return;
    }
    case 'follow':
      if (playerActs(c, m)) return startWar(c, 'end-turn');
      endTurn(c);
      return;
    case 'war':
      if (m.type === 'war' || m.type === 'flag') {
        const done = resolveWar(c, m.type === 'flag' ? 'flag' : { mana: m.mana, ore: m.ore });
        if (done !== null) finishWar(c, done);
      }
      return;
    case 'flag':
      if (m.type === 'defeat' || m.type === 'alliance') finishWar(c, resolveFlagChoice(c, m.type));
      return;
    case 'over':
      return;
  }
}

/** The player takes the chosen card, side A; the AI the other, side B, with two meeples at home. */
export function chooseTerritory(s: SoloState, card: string): void {
  const other = s.drawn.cards.find((c) => c !== card)!;
  s.board = newBoard([
    { id: card, side: 'A', owner: PLAYER },
    { id: other, side: 'B', owner: AI },
  ]);
  s.board = addMeeples(s.board, homeRegion(territory(other, 'B')).id, AI, SOLO.homeMeeples);
  s.kingdoms[AI] = { ...s.kingdoms[AI], meeplesInSupply: VALUES.meeples - SOLO.homeMeeples };
  s.phase = 'split';
}

/** The player's action, follow or collect. True when it starts a war. */
function playerActs(c: Ctx, m: SoloMove): boolean {
  const s = c.s;
  const k = s.kingdoms[PLAYER];
  switch (m.type) {
    case 'patrol':
    case 'quest': {
      const war = countIn(s.board, m.to, AI) > 0;
      s.board = moveMeeple(s.board, PLAYER, m.from, m.to);
      c.events.push({
        type: 'action',
        side: 'player',
        action: m.type,
        from: m.from,
        to: m.to,
        text: `You ${m.type} from ${regionName(s, m.from)} to ${regionName(s, m.to)}${war ? ': war with the AI!' : '.'}`,
        phrase: phrase(`events.you.${m.type}${war ? 'War' : ''}`, { from: regionName(s, m.from), to: regionName(s, m.to) }),
      });
      settle(c);
      if (war) s.wars.push({ region: m.to, attacker: 'player', defender: 'ai', cause: m.type });
      return war;
    }
    case 'build': {
      const cost = buildCost(k)!;
      s.kingdoms[PLAYER] = build(k);
      c.events.push({
        type: 'action',
        side: 'player',
        action: 'build',
        text: `You build tower level ${k.tower + 1} for ${cost} Ore.`,
        phrase: phrase('events.you.build', { level: k.tower + 1, cost: amountPhrase('ore', cost) }),
      });
      return false;
    }
    case 'research': {
      const cost = researchCost(k)!;
      s.kingdoms[PLAYER] = research(k);
      c.events.push({
        type: 'action',
        side: 'player',
        action: 'research',
        text: `You research magic level ${k.magic + 1} for ${cost} Mana.`,
        phrase: phrase('events.you.research', { level: k.magic + 1, cost: amountPhrase('mana', cost) }),
      });
      return false;
    }
    case 'expand': {
      const r = expand(s.board, PLAYER, k, m.region);
      s.board = r.board;
      s.kingdoms[PLAYER] = r.kingdom;
      c.events.push({
        type: 'action',
        side: 'player',
        action: 'expand',
        region: m.region,
        text: `You expand into ${regionName(s, m.region)} for ${r.cost} Food.`,
        phrase: phrase('events.you.expand', { region: regionName(s, m.region), cost: amountPhrase('food', r.cost) }),
      });
      return false;
    }
    case 'trade':
      s.kingdoms[PLAYER] = trade(k, m.from, m.to, m.amount);
      c.events.push({
        type: 'action',
        side: 'player',
        action: 'trade',
        text: `You trade ${m.amount} ${RESOURCE_NAME[m.from]} for ${m.amount} ${RESOURCE_NAME[m.to]}.`,
        phrase: phrase('events.you.trade', { given: amountPhrase(m.from, m.amount), taken: amountPhrase(m.to, m.amount) }),
      });
      return false;
    case 'skip':
      c.events.push({
        type: 'action',
        side: 'player',
        action: m.action,
        skipped: true,
        text: `You place your shield on ${ACTION_NAME[m.action]} and skip it.`,
        phrase: phrase('events.you.skip', { action: actionTerm(m.action) }),
      });
      return false;
    case 'collect': {
      const r = collect(s.board, PLAYER, k, m.ruins);
      s.kingdoms[PLAYER] = r.kingdom;
      const over = r.lost.food + r.lost.mana + r.lost.ore > 0;
      const lost = over ? ` (${resourcesText(r.lost)} lost above 9)` : '';
      c.events.push({
        type: 'action',
        side: 'player',
        action: 'collect',
        gains: r.gains,
        text: `You collect ${resourcesText(r.gains)}${lost}.`,
        phrase: over
          ? phrase('events.you.collectCapped', { gains: resourcesPhrase(r.gains), lost: resourcesPhrase(r.lost) })
          : phrase('events.you.collect', { gains: resourcesPhrase(r.gains) }),
      });
      return false;
    }
    default:
      return false;
  }
}

function startWar(c: Ctx, after: SoloState['after']): void {
  c.s.after = after;
  c.s.phase = 'war';
}

/** After a war: the alliances it breaks, the wars they bring, then what the turn does next. */
export function finishWar(c: Ctx, allianceFormed: boolean): void {
  const s = c.s;
  const war = s.wars.shift()!;
  s.flagCommit = null;
  settle(c);
  const others = s.alliances.filter((r) => r !== war.region);
  if (!allianceFormed && others.length > 0) {
    s.alliances = s.alliances.filter((r) => r === war.region);
    const wars: War[] = others.map((region) => ({ region, attacker: war.attacker, defender: war.defender, cause: 'alliance' }));
    s.wars.push(...wars);
    c.events.push({
      type: 'alliance-broken',
      regions: others,
      text: `That war was no alliance: war breaks out in every allied space (${others.map((r) => regionName(s, r)).join(', ')}).`,
      phrase: phrase('events.allianceBroken', { regions: commaList(others.map((r) => regionName(s, r))) }),
    });
  }
  if (s.wars.length > 0) {
    s.phase = 'war';
    return;
  }
  const after = s.after;
  s.after = null;
  if (after === 'ai-respond') aiRespond(c);
  else if (after === 'player-respond') s.phase = 'follow';
  else endTurn(c);
}

/** The AI answers the player's action: it follows if it can, else collects. */
function aiRespond(c: Ctx): void {
  if (aiDoes(c, c.s.action!, false)) return startWar(c, 'end-turn');
  endTurn(c);
}

/** On its turn the AI takes the free action nearest the top of the card (never Trade). */
function aiTurn(c: Ctx): void {
  const s = c.s;
  s.active = AI;
  const action = ACTIONS.filter((a) => a !== 'trade').find((a) => s.card[a] === null)!;
  s.card = placeShield(s.card, action, AI);
  s.action = action;
  c.events.push({
    type: 'enemy-choice',
    action,
    rule: 'turn.top-free-action',
    why: `${ACTION_NAME[action]} is the free action nearest the top of the card`,
    revealed: true,
    text: `AI's turn: it chooses ${ACTION_NAME[action]}, the free action nearest the top of the card.`,
    phrase: phrase('events.ai.chooses', { action: actionTerm(action) }),
  });
  if (aiDoes(c, action, true)) return startWar(c, 'player-respond');
  s.phase = 'follow';
}

/** The turn is over: end triggers, the round's end, then the other side's turn. */
function endTurn(c: Ctx): void {
  const s = c.s;
  settle(c);
  if (s.endRound === null) {
    const p = s.kingdoms[PLAYER];
    const reached: [boolean, string, Phrase][] = [
      [onMap(s.board, PLAYER) >= VALUES.meeples, 'all 7 of your meeples are on the map', phrase('events.end.meeples')],
      [p.tower >= VALUES.towerMax, 'your tower reached level 6', phrase('events.end.tower')],
      [p.magic >= VALUES.magicMax, 'your magic reached level 5', phrase('events.end.magic')],
    ];
    const mine = reached.filter(([on]) => on).map(([, text]) => text);
    const minePhrases = reached.filter(([on]) => on).map(([, , said]) => said);
    const ai = s.aiReached.meeples && s.aiReached.tower && s.aiReached.magic;
    if (mine.length > 0 || ai) {
      const fifth = shieldsPlaced(s.card) === VALUES.shieldsPerRound;
      const extra = ai && fifth;
      s.endRound = extra ? s.round + 1 : s.round;
      const why = [...mine, ...(ai ? ['the AI reached all three objectives'] : [])].join(', and ');
      const whys = [...minePhrases, ...(ai ? [phrase('events.end.ai')] : [])];
      const whyPhrase = whys.slice(1).reduce((head, last) => phrase('events.end.and', { head, last }), whys[0]!);
      s.endTrigger = why.charAt(0).toUpperCase() + why.slice(1);
      c.events.push({
        type: 'end-triggered',
        by: mine.length > 0 && ai ? 'both' : ai ? 'ai' : 'player',
        extraRound: extra,
        text: `The end is triggered: ${why}. ${extra ? 'The AI did it on the round’s fifth action: one more full round is played.' : 'The game ends when this round’s last shield is placed.'}`,
        phrase: phrase(extra ? 'events.end.triggeredExtraRound' : 'events.end.triggered', { why: whyPhrase }),
      });
    }
  }
  if (roundComplete(s.card)) {
    if (s.endRound !== null && s.round >= s.endRound) return finishGame(c);
    s.card = emptyActionCard();
    s.round += 1;
    c.events.push({ type: 'round', round: s.round, text: `Round ${s.round} begins: the action card is cleared.`, phrase: phrase('events.round', { round: s.round }) });
  }
  s.turn += 1;
  s.action = null;
  if (s.turn % 2 === 1) aiTurn(c);
  else {
    s.active = PLAYER;
    s.phase = 'turn';
  }
}

function finishGame(c: Ctx): void {
  const s = c.s;
  s.score = finalScore(s);
  s.phase = 'over';
  s.action = null;
  const [you, ai] = s.score;
  const result = you!.total > ai!.total ? 'You win' : you!.total < ai!.total ? 'The AI wins' : 'A draw';
  const verdict = you!.total > ai!.total ? 'win' : you!.total < ai!.total ? 'loss' : 'draw';
  c.events.push({
    type: 'game-over',
    scores: [you!.total, ai!.total],
    text: `Game over. ${result}: ${you!.total} VP to ${ai!.total} VP.`,
    phrase: phrase(`events.gameOver.${verdict}`, { you: you!.total, ai: ai!.total }),
  });
}

export { newKingdom };
