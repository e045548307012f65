// Applying a legal move: the setup decisions, the player's actions and wars, and the turn order
// that brings the Enemy's turn (inside play) and the end of rounds and of the game.
import { draw, ok, type GameEvent, type Phrase, type Result, type Seat } from '../../engine/index.js';
import {
  ACTION_NAME,
  actionTerm,
  amountPhrase,
  kingdomsPhrase,
  paymentPhrase,
  phrase,
  resourcesPhrase,
  addMeeples,
  build,
  collect,
  emptyActionCard,
  expand,
  findRegion,
  maxCommitment,
  moveMeeple,
  pay,
  payManaFirst,
  paymentText,
  placeShield,
  research,
  resourcesText,
  roundComplete,
  trade,
  VALUES,
  warValue,
  RESOURCE_NAME,
  type Action,
} from '../kingdoms-base/index.js';
import { enemyTurn } from './enemy.js';
import { checkMove } from './rules.js';
import { checkEnd, resultPhrase, resultText, siegeScore } from './scoring.js';
import { cloneState, ENEMY, PLAYER, type MeepleMove, type SiegeMove, type SiegeState } from './types.js';

type Events = GameEvent[];

const regionName = (s: SiegeState, id: string) => findRegion(s.board, id)?.region.name ?? id;

/** 2d6 for the Enemy's commitment, re-rolling 12s. */
function warDice(s: SiegeState): { dice: [number, number][]; roll: number } {
  const [dice, rng] = draw(s.rng, (r) => {
    const out: [number, number][] = [];
    for (;;) {
      const pair: [number, number] = [r.die(6), r.die(6)];
      out.push(pair);
      if (pair[0] + pair[1] !== 12) return out;
    }
  });
  s.rng = rng;
  const last = dice[dice.length - 1]!;
  return { dice, roll: last[0] + last[1] };
}

function war(s: SiegeState, m: MeepleMove & { war: { mana: number; ore: number } }, events: Events): void {
  const player = warValue(m.war);
  const foe = s.kingdoms[ENEMY];
  const canCommit = maxCommitment(foe);
  const { dice, roll } = warDice(s);
  s.kingdoms[PLAYER] = pay(s.kingdoms[PLAYER], m.war);
  const over = roll > canCommit;
  const enemyPays = over ? { mana: foe.mana, ore: foe.ore } : payManaFirst(roll, foe);
  s.kingdoms[ENEMY] = pay(foe, enemyPays);
  const enemyCommitted = over ? warValue(enemyPays) : roll;
  const winner = over || player > roll ? PLAYER : ENEMY;
  const where = regionName(s, m.to);
  const rerolls = dice.length > 1 ? ` (re-rolling ${dice.length - 1 === 1 ? 'a 12' : `${dice.length - 1} twelves`})` : '';
  let text = `War in ${where}! You commit ${paymentText(m.war)}. The Enemy rolls ${dice[dice.length - 1]!.join('+')} = ${roll}${rerolls}`;
  if (over) text += `, more than the ${canCommit} it can commit: it pays everything it has (${paymentText(enemyPays)}) and loses.`;
  else text += ` and pays ${paymentText(enemyPays)}.${player === roll ? ' A tie goes to the Enemy.' : ''}`;
  const rolled = {
    dice: dice[dice.length - 1]!.join('+'),
    roll,
    rerolls: dice.length > 1 ? phrase('events.war.rerolls', { count: dice.length - 1 }) : '',
  };
  const said: Phrase[] = [
    phrase('events.war.commit', { region: where, payment: paymentPhrase(m.war) }),
    over
      ? phrase('events.war.overcommitted', { ...rolled, max: canCommit, payment: paymentPhrase(enemyPays) })
      : phrase(player === roll ? 'events.war.rollsTie' : 'events.war.rolls', { ...rolled, payment: paymentPhrase(enemyPays) }),
  ];
  if (winner === PLAYER) {
    s.board = addMeeples(s.board, m.to, ENEMY, -1);
    s.board = moveMeeple(s.board, PLAYER, m.from, m.to);
    text += ` You take ${where}; its Enemy cube is gone.`;
    said.push(phrase('events.war.won', { region: where }));
  } else {
    s.board = addMeeples(s.board, m.from, PLAYER, -1);
    s.kingdoms[PLAYER] = { ...s.kingdoms[PLAYER], meeplesInSupply: s.kingdoms[PLAYER].meeplesInSupply + 1 };
    text += ` The Enemy holds ${where}; your meeple returns to your supply.`;
    said.push(phrase('events.war.lost', { region: where }));
  }
  events.push({
    type: 'war',
    text,
    phrase: sentences(said),
    attacker: PLAYER,
    defender: ENEMY,
    region: m.to,
    from: m.from,
    committed: [player, enemyCommitted],
    paid: [m.war, enemyPays],
    roll,
    dice,
    enemyCanCommit: canCommit,
    overcommitted: over,
    winner,
    revealed: true,
  });
}

/** Sentences told one after another, as one phrase. */
const sentences = (said: Phrase[]): Phrase => said.slice(1).reduce((first, next) => kingdomsPhrase('terms.sentences', { first, next }), said[0]!);

function moveMeepleAction(s: SiegeState, m: MeepleMove, events: Events): void {
  const verb = m.type === 'patrol' ? 'patrol' : 'quest';
  const where = { from: regionName(s, m.from), to: regionName(s, m.to) };
  if (m.war) {
    events.push({
      type: m.type,
      text: `You ${verb} from ${regionName(s, m.from)} into the Enemy's ${regionName(s, m.to)}.`,
      phrase: phrase(`events.${verb}.intoEnemy`, where),
      from: m.from,
      to: m.to,
    });
    war(s, m as MeepleMove & { war: { mana: number; ore: number } }, events);
    return;
  }
  s.board = moveMeeple(s.board, PLAYER, m.from, m.to);
  events.push({ type: m.type, text: `You ${verb} from ${regionName(s, m.from)} to ${regionName(s, m.to)}.`, phrase: phrase(`events.${verb}.move`, where), from: m.from, to: m.to });
}

/** Carries out one of the six actions, or a collect, for the player. */
function perform(s: SiegeState, m: SiegeMove, events: Events): void {
  const k = s.kingdoms[PLAYER];
  switch (m.type) {
    case 'patrol':
    case 'quest':
      moveMeepleAction(s, m, events);
      return;
    case 'build':
      s.kingdoms[PLAYER] = build(k);
      events.push({
        type: 'build',
        text: `You build your tower to level ${k.tower + 1} for ${k.tower + 1} Ore.`,
        phrase: phrase('events.build', { level: k.tower + 1, cost: amountPhrase('ore', k.tower + 1) }),
        level: k.tower + 1,
      });
      return;
    case 'research':
      s.kingdoms[PLAYER] = research(k);
      events.push({
        type: 'research',
        text: `You research magic level ${k.magic + 1} for ${k.magic + 1} Mana.`,
        phrase: phrase('events.research', { level: k.magic + 1, cost: amountPhrase('mana', k.magic + 1) }),
        level: k.magic + 1,
      });
      return;
    case 'expand': {
      const r = expand(s.board, PLAYER, k, m.region);
      s.board = r.board;
      s.kingdoms[PLAYER] = r.kingdom;
      events.push({
        type: 'expand',
        text: `You expand in ${regionName(s, m.region)} for ${r.cost} Food.`,
        phrase: phrase('events.expand', { region: regionName(s, m.region), cost: amountPhrase('food', r.cost) }),
        region: m.region,
        cost: r.cost,
      });
      return;
    }
    case 'trade':
      s.kingdoms[PLAYER] = trade(k, m.from, m.to, m.amount);
      events.push({
        type: 'trade',
        text: `You trade ${m.amount} ${RESOURCE_NAME[m.from]} for ${m.amount} ${RESOURCE_NAME[m.to]}.`,
        phrase: phrase('events.trade', { given: amountPhrase(m.from, m.amount), taken: amountPhrase(m.to, m.amount) }),
        from: m.from,
        to: m.to,
        amount: m.amount,
      });
      return;
    case 'collect': {
      const r = collect(s.board, PLAYER, k, m.ruins);
      s.kingdoms[PLAYER] = r.kingdom;
      const over = r.lost.food + r.lost.mana + r.lost.ore > 0;
      const capped = over ? ` (${resourcesText(r.lost)} lost at the cap of 9)` : '';
      events.push({
        type: 'collect',
        text: `You collect ${resourcesText(r.gains)}${capped}.`,
        phrase: over
          ? phrase('events.collectCapped', { gains: resourcesPhrase(r.gains), lost: resourcesPhrase(r.lost) })
          : phrase('events.collect', { gains: resourcesPhrase(r.gains) }),
        gained: r.gains,
      });
      return;
    }
    default:
      return;
  }
}

function finish(s: SiegeState, events: Events): void {
  s.phase = 'over';
  s.follow = null;
  s.score = siegeScore(s);
  const lines = s.score.lines.map((l) => ({ ...l }));
  const breakdown = s.score.lines.map((l) => `${l.label} ${l.vp >= 0 ? '+' : ''}${l.vp}`).join('; ');
  const linesSaid = s.score.lines
    .map((l) => phrase('events.score.line', { label: l.phrase ?? l.label, vp: `${l.vp >= 0 ? '+' : ''}${l.vp}` }))
    .reduce<Phrase | null>((head, last) => (head ? kingdomsPhrase('terms.semicolonList', { head, last }) : last), null);
  events.push({
    type: 'score',
    text: `Final score: ${breakdown}. Total ${s.score.total}. ${resultText(s.score.total)}`,
    phrase: phrase('events.score.final', { lines: linesSaid ?? '', total: s.score.total, result: resultPhrase(s.score.total) }),
    lines,
    total: s.score.total,
  });
}

/** A turn is complete: end the round if the card is full (and the game if the end was triggered), then pass the turn. */
function endTurn(s: SiegeState, events: Events): void {
  checkEnd(s, events);
  if (roundComplete(s.card)) {
    if (s.endTrigger) {
      finish(s, events);
      return;
    }
    s.card = emptyActionCard();
    s.round += 1;
    events.push({ type: 'round', text: `Round ${s.round} begins; the action card is cleared.`, phrase: phrase('events.round', { round: s.round }), round: s.round });
  }
  s.turn += 1;
  if (s.turn % 2 === 1) {
    enemyTurn(s, events);
    checkEnd(s, events);
  } else {
    s.phase = 'turn';
    s.follow = null;
  }
}

export function play(state: SiegeState, seat: Seat, move: unknown): Result<{ state: SiegeState; events: GameEvent[] }> {
  const checked = checkMove(state, seat, move);
  if (!checked.ok) return checked;
  const m = checked.value;
  const s = cloneState(state);
  const events: Events = [];
  switch (m.type) {
    case 'split':
      s.kingdoms[PLAYER] = { ...s.kingdoms[PLAYER], food: m.food, mana: m.mana, ore: m.ore };
      s.phase = 'place';
      events.push({
        type: 'split',
        text: `You start with ${m.food} Food, ${m.mana} Mana and ${m.ore} Ore.`,
        phrase: phrase('events.split', { food: m.food, mana: m.mana, ore: m.ore }),
        food: m.food,
        mana: m.mana,
        ore: m.ore,
      });
      break;
    case 'place':
      s.board = addMeeples(s.board, m.region, PLAYER, VALUES.startMeeples);
      s.kingdoms[PLAYER] = { ...s.kingdoms[PLAYER], meeplesInSupply: s.kingdoms[PLAYER].meeplesInSupply - VALUES.startMeeples };
      s.phase = 'turn';
      events.push({
        type: 'place',
        text: `Your first ${VALUES.startMeeples} meeples stand in ${regionName(s, m.region)}. Round 1: your turn.`,
        phrase: phrase('events.place', { count: VALUES.startMeeples, region: regionName(s, m.region) }),
        region: m.region,
      });
      break;
    default: {
      if (s.phase === 'turn') {
        const action: Action = m.type === 'skip' ? m.action : (m.type as Action);
        s.card = placeShield(s.card, action, PLAYER);
        if (m.type === 'skip') {
          events.push({ type: 'skip', text: `You place your shield on ${ACTION_NAME[action]} and skip it.`, phrase: phrase('events.skip', { action: actionTerm(action) }), action });
        }
        else perform(s, m, events);
      } else {
        perform(s, m, events);
      }
      endTurn(s, events);
    }
  }
  // The score has its own panel; the caption keeps what happened on the board.
  const told = events.filter((e) => e.type !== 'score').slice(-6);
  s.recent = told.map((e) => e.text);
  s.recentPhrases = told.map((e) => e.phrase ?? null);
  return ok({ state: s, events });
}
