// Picking a move with buttons and menus: card, how it is played, the unit by where it stands, and
// the target with its distance and expected hit; and the question asked at each step. Every label,
// description and question carries its phrase; a label that is only a place ("N1") needs none.
import type { MoveChoice, Phrase, Seat } from '../../engine/index.js';
import { saidChoice as step } from '../../engine/index.js';
import { castleCard } from './geometry.js';
import { attackPreview, casterOf, effectOf, orderBonus, repairPoints } from './orders.js';
import {
  cardName,
  castleCardName,
  defenderName,
  englishList,
  enemyName,
  enemyShortName,
  hearts,
  said,
  shields,
  swords,
  where,
  type Said,
} from './phrases.js';
import { questionText } from './rules.js';
import { cardOf, enemyCard } from './units.js';
import { COURTYARD, DEFENDER, ORDER, RULES, keyOf, type TwoDeckSiegeMove, type TwoDeckSiegeState } from './types.js';

const placeKey = (p: string) => (p === COURTYARD ? 'courtyard' : p);


/** A step whose label is notation (a wall, a cell): no language changes it. */
const notationStep = (key: string, label: string, description?: Said): MoveChoice =>
  description ? { key, label, description: description.text, descriptionPhrase: description.phrase } : { key, label };

/**
 * Menus show at most 100 characters: the orders whose text is longer are said in brief there
 * (the card data keeps the whole text, which the rules and the log show).
 */
const BRIEF: Record<string, string> = {
  'shore-up': 'Up to 3 units repair 1 point each (+1 for a stone unit on the wall or tower it mends).',
  'fire-and-faith': 'Wizard: Fireball, 1 wound to each enemy in one place. Priest: Heal, 2 wounds off one defender.',
  'storm-and-vigil': "Wizard: Lightning, 2 wounds to one enemy. Priest: Vigil, one place's units lose all tiredness.",
  'stone-and-spirit': 'Wizard: Stone Mend, 3 points or rebuild a breach. Priest: Revive a killed regular defender.',
};

/** What a card in hand does, short enough for a menu (≤ 100 characters in every language). */
function cardBrief(key: string): Said {
  const o = ORDER[key];
  if (o) return said(BRIEF[key] ?? o.text, `terms.cards.${key}.brief`);
  const d = DEFENDER[key];
  if (!d) return said(key, 'terms.typed', { text: key });
  const stats = `${swords(d.swords)} ${shields(d.shields)} ${hearts(d.hearts)}`;
  return said(`${d.name}: ${stats} range ${d.range}`, 'choices.specialCard', { name: cardName(key).phrase, stats, range: d.range });
}

function unitStep(s: TwoDeckSiegeState, id: string): MoveChoice {
  const d = s.defenders.find((x) => x.id === id)!;
  const c = cardOf(d);
  const stats = `${swords(c.swords)} ${shields(c.shields)} ${c.hearts - d.wounds}/${hearts(c.hearts)}`;
  const text = `${stats} range ${c.range}, tired ${d.tired}${c.repair ? ', mends walls' : ''}`;
  return step(id, defenderName(d), said(text, c.repair ? 'choices.unitStatsMends' : 'choices.unitStats', { stats, range: c.range, tired: d.tired }));
}

const GENERIC = {
  attack: said('One or two units on one wall or tower, or one courtyard unit, attack', 'choices.genericAttackDescription'),
  move: said('One or two units on one wall or tower, or one courtyard unit, move together', 'choices.genericMoveDescription'),
};

export function choicePath(s: TwoDeckSiegeState, _seat: Seat, move: TwoDeckSiegeMove): MoveChoice[] {
  switch (move?.type) {
    case 'thick':
      return [
        step(
          move.wall,
          said(`Thick wall at ${move.wall}`, 'choices.thick', { wall: move.wall }),
          said('A thick wall takes more damage before it is breached', 'choices.thickDescription'),
        ),
      ];
    case 'discard':
      return move.cards.map((k) => {
        const card = cardName(k);
        return step(k, said(`Discard ${card.text}`, 'choices.discard', { card: card.phrase }), cardBrief(k));
      });
    case 'play': {
      const card = step(move.card, cardName(move.card), cardBrief(move.card));
      const mode =
        move.as === 'order'
          ? step('order', ORDER[move.card]?.effect.kind === 'summon' ? said('Summon (2 plays)', 'choices.summon') : said('As written', 'choices.asWritten'), cardBrief(move.card))
          : move.as === 'attack'
            ? step('attack', said('Generic attack', 'choices.genericAttack'), GENERIC.attack)
            : step('move', said('Generic move', 'choices.genericMove'), GENERIC.move);
      return [card, mode];
    }
    case 'act': {
      const d = s.defenders.find((x) => x.id === move.unit);
      if (!d) return [step('act', said('Act', 'choices.act'))];
      const where =
        d.at === COURTYARD
          ? step('courtyard', said('Courtyard', 'choices.courtyard'), said('Units in the courtyard', 'choices.unitsInCourtyard'))
          : notationStep(d.at, d.at, said(`Units on ${d.at}`, 'choices.unitsOn', { place: d.at }));
      return [where, unitStep(s, d.id), actTarget(s, move, d)];
    }
    case 'cast': {
      const caster = move.caster === 'wizard' ? 'Wizard' : 'Priest';
      const spell = SPELL_NAME[move.spell] ?? said(move.spell, 'terms.typed', { text: move.spell });
      const label = said(`${caster}: ${spell.text}`, 'choices.cast', { caster: { key: `terms.casters.${move.caster}` }, spell: spell.phrase });
      return [step(move.caster, label, said('The caster gets a tired token', 'choices.castDescription')), spellTarget(s, move.spell, move.target)];
    }
    case 'done': {
      const card = s.order ? cardName(s.order.card) : null;
      const label = card ? said(`Done with ${card.text}`, 'choices.done', { card: card.phrase }) : said('Done with the order', 'choices.doneOrder');
      return [step('done', label, said('Units that have not acted stay as they are', 'choices.doneDescription'))];
    }
    case 'end':
      return [step('end', said('End turn', 'choices.end'), said('Idle courtyard units rest; the enemy draws, advances and attacks', 'choices.endDescription'))];
    case 'choose':
      return [chooseStep(s, move.pick)];
    default:
      return [step('move', said('Move', 'choices.move'))];
  }
}

const SPELL_NAME: Record<string, Said> = {
  fireball: said('Fireball', 'terms.spells.fireball'),
  lightning: said('Lightning', 'terms.spells.lightning'),
  mend: said('Stone Mend', 'terms.spells.mend'),
  heal: said('Heal', 'terms.spells.heal'),
  refresh: said('Vigil', 'terms.spells.refresh'),
  revive: said('Revive', 'terms.spells.revive'),
};

/** The last step of a unit's action: the enemy it attacks, the wall it repairs, where it goes, or rest. */
function actTarget(s: TwoDeckSiegeState, move: Extract<TwoDeckSiegeMove, { type: 'act' }>, d: TwoDeckSiegeState['defenders'][number]): MoveChoice {
  if (move.do === 'attack') {
    const e = s.enemies.find((x) => x.id === move.target)!;
    const p = attackPreview(s, d, e, orderBonus(s.order));
    const c = enemyCard(e);
    const left = c.hearts - e.wounds;
    const mark = p.hit ? '🎯' : '✖';
    const short = said(c.short, `terms.units.${e.key}.short`);
    const label =
      e.at === COURTYARD
        ? said(`${mark} ${c.short} courtyard (${hearts(left)})`, 'choices.attackTargetCourtyard', { mark, enemy: short.phrase, hearts: hearts(left) })
        : said(`${mark} ${c.short} ${e.at} (${hearts(left)})`, 'choices.attackTarget', { mark, enemy: short.phrase, cell: e.at, hearts: hearts(left) });
    const kills = left === 1 && p.hit;
    const values = { distance: p.distance, swords: swords(p.strength), shields: shields(p.shields) };
    const head = `Distance ${p.distance}: ${swords(p.strength)} against ${shields(p.shields)}, `;
    const description = !p.hit
      ? said(`${head}no effect`, 'choices.attackMiss', values)
      : kills
        ? said(`${head}a hit: 1 wound, kills it`, 'choices.attackKill', values)
        : said(`${head}a hit: 1 wound`, 'choices.attackHit', values);
    return step(e.id, label, description);
  }
  if (move.do === 'repair') {
    const c = castleCard(s, move.target)!;
    const pts = Math.min(repairPoints(d, move.target), c.damage);
    return step(
      `rep-${move.target}`,
      said(`Repair ${move.target} (+${pts})`, 'choices.repair', { wall: move.target, points: pts }),
      said(`${c.rating - c.damage} of ${c.rating} now; the unit gets a tired token`, 'choices.repairDescription', { left: c.rating - c.damage, rating: c.rating }),
    );
  }
  if (move.do === 'move') {
    const unit = defenderName(d);
    const description =
      d.at === COURTYARD
        ? said(`Move ${unit.text} from the courtyard to ${move.target}`, 'choices.moveFromCourtyard', { unit: unit.phrase, to: move.target })
        : move.target === COURTYARD
          ? said(`Move ${unit.text} from ${d.at} to the courtyard`, 'choices.moveToCourtyard', { unit: unit.phrase, from: d.at })
          : said(`Move ${unit.text} from ${d.at} to ${move.target}`, 'choices.moveFromTo', { unit: unit.phrase, from: d.at, to: move.target });
    const label =
      move.target === COURTYARD ? said('→ Courtyard', 'choices.toCourtyard', { arrow: '→' }) : said(`→ ${move.target}`, 'choices.toPlace', { arrow: '→', place: move.target });
    return step(placeKey(move.target), label, description);
  }
  const change = `${d.tired} → ${Math.max(0, d.tired - RULES.restTokens)}`;
  return step('rest', said('Rest', 'choices.rest'), said(`Tired ${change}`, 'choices.restDescription', { change }));
}

/** At most this many enemies are named in a Fireball's description; more are counted. */
const FIREBALL_NAMED = 3;

function spellTarget(s: TwoDeckSiegeState, spell: string, target: string): MoveChoice {
  const inCourtyard = target === COURTYARD;
  switch (spell) {
    case 'fireball': {
      const here = s.enemies.filter((e) => e.at === target);
      const label = inCourtyard ? said('🔥 Courtyard', 'choices.fireballCourtyard', { icon: '🔥' }) : said(`🔥 ${target}`, 'choices.fireballAt', { icon: '🔥', cell: target });
      const named = here.map((e) => {
        const short = said(enemyCard(e).short, `terms.units.${e.key}.short`);
        const left = hearts(enemyCard(e).hearts - e.wounds);
        return said(`${short.text} (${left})`, 'choices.enemyHearts', { enemy: short.phrase, hearts: left });
      });
      const description =
        here.length > FIREBALL_NAMED
          ? said(`1 wound to each of ${here.length} enemies`, 'choices.fireballMany', { count: here.length })
          : said(`1 wound to each: ${englishList(named.map((n) => n.text))}`, 'choices.fireballEach', { enemies: named.map((n) => n.phrase) });
      return step(placeKey(target), label, description);
    }
    case 'lightning': {
      const e = s.enemies.find((x) => x.id === target)!;
      const short = said(enemyCard(e).short, `terms.units.${e.key}.short`);
      const label =
        e.at === COURTYARD
          ? said(`⚡ ${short.text} Courtyard`, 'choices.lightningCourtyard', { icon: '⚡', enemy: short.phrase })
          : said(`⚡ ${short.text} ${e.at}`, 'choices.lightningAt', { icon: '⚡', enemy: short.phrase, cell: e.at });
      const who = enemyName(e);
      const left = hearts(enemyCard(e).hearts - e.wounds);
      return step(target, label, said(`2 wounds to ${who.text} (${left} left)`, 'choices.lightningDescription', { enemy: who.phrase, hearts: left }));
    }
    case 'mend': {
      const c = castleCard(s, target)!;
      if (c.destroyed) {
        const half = Math.ceil(c.rating / 2);
        return step(
          target,
          said(`Rebuild ${target}`, 'choices.rebuild', { wall: target }),
          said(`Raise ${target} at ${half} of ${c.rating}`, 'choices.rebuildDescription', { wall: target, left: half, rating: c.rating }),
        );
      }
      const left = c.rating - c.damage;
      return step(target, said(`Mend ${target}`, 'choices.mend', { wall: target }), said(`${left} of ${c.rating} now, +3`, 'choices.mendDescription', { left, rating: c.rating }));
    }
    case 'heal': {
      const d = s.defenders.find((x) => x.id === target)!;
      const unit = defenderName(d);
      const at = where(d.at);
      const text = `${d.wounds} ${d.wounds === 1 ? 'wound' : 'wounds'} ${at.text}: 2 removed`;
      return step(target, said(`Heal ${unit.text}`, 'choices.heal', { unit: unit.phrase }), said(text, 'choices.healDescription', { count: d.wounds, where: at.phrase }));
    }
    case 'refresh': {
      const label = inCourtyard ? said('Vigil Courtyard', 'choices.vigilCourtyard') : said(`Vigil ${target}`, 'choices.vigil', { place: target });
      return step(placeKey(target), label, said('Every tired unit there loses all its tired tokens', 'choices.vigilDescription'));
    }
    default: {
      const card = cardName(target);
      return step(target, said(`Revive ${card.text}`, 'choices.revive', { card: card.phrase }), said('Back in the courtyard, unwounded and rested', 'choices.reviveDescription'));
    }
  }
}

function chooseStep(s: TwoDeckSiegeState, pick: string): MoveChoice {
  const q = s.pending?.question;
  const d = s.defenders.find((x) => x.id === pick);
  const e = s.enemies.find((x) => x.id === pick);
  if (q?.kind === 'place') {
    const name = cardName(keyOf(q.enemy ?? ''));
    return step(
      pick,
      said(`Band 3 before ${pick}`, 'choices.placeBand', { wall: pick }),
      said(`${name.text} is placed in band 3 in front of ${pick}`, 'choices.placeDescription', { card: name.phrase, wall: pick }),
    );
  }
  if (d) {
    const c = cardOf(d);
    const attacker = q?.enemy ? s.enemies.find((x) => x.id === q.enemy) : undefined;
    const hit = attacker ? enemyCard(attacker).swords > c.shields : false;
    const unit = defenderName(d);
    const at = where(d.at);
    const left = hearts(c.hearts - d.wounds);
    const head = `${shields(c.shields)}, ${left} left: `;
    const values = { shields: shields(c.shields), hearts: left };
    return step(
      pick,
      said(`${unit.text} ${at.text}`, 'choices.targetUnit', { unit: unit.phrase, where: at.phrase }),
      hit ? said(`${head}takes a wound`, 'choices.targetWounded', values) : said(`${head}no effect`, 'choices.targetUnhurt', values),
    );
  }
  if (e) {
    const short = enemyShortName(e);
    const full = enemyName(e);
    return step(pick, said(`${short.text} first`, 'choices.first', { enemy: short.phrase }), said(`${full.text} moves first`, 'choices.firstDescription', { enemy: full.phrase }));
  }
  const c = castleCard(s, pick);
  if (c) return step(pick, castleCardName(pick, true), said(`${c.rating - c.damage} of ${c.rating} left`, 'choices.pointsLeft', { left: c.rating - c.damage, rating: c.rating }));
  return notationStep(pick, pick);
}

/** The question asked at a step, in English and as a phrase. */
export function choicePromptSaid(s: TwoDeckSiegeState, _seat: Seat, chosen: string[]): Said {
  switch (s.phase) {
    case 'over':
      return said('The siege is over', 'prompts.over');
    case 'thick':
      return said(`Choose a wall card for a thick wall (${s.thickLeft} left to place)`, 'prompts.thick', { count: s.thickLeft });
    case 'discard':
      return chosen.length === 0
        ? said(`Your hand is over ${RULES.handSize}: choose a card to discard`, 'prompts.discard', { size: RULES.handSize })
        : said('Choose the next card to discard', 'prompts.discardNext');
    case 'attacker':
      return s.pending ? questionText(s.pending.question) : said('Choose', 'prompts.choose');
    default:
      break;
  }
  if (s.order) {
    const fx = effectOf(s.order);
    const card = cardName(s.order.card);
    const values = { card: card.phrase };
    if (fx.kind === 'spell') {
      if (chosen.length === 0) return said(`${card.text}: choose who casts next, or done`, 'prompts.castWho', values);
      return chosen[0] === 'wizard'
        ? said(`${card.text}: choose the Wizard's target`, 'prompts.wizardTarget', values)
        : said(`${card.text}: choose the Priest's target`, 'prompts.priestTarget', values);
    }
    if (chosen.length === 0) return said(`${card.text}: choose where the next unit stands, or done`, 'prompts.unitPlace', values);
    if (chosen.length === 1) {
      return chosen[0] === 'courtyard'
        ? said(`${card.text}: choose the unit in the courtyard`, 'prompts.unitInCourtyard', values)
        : said(`${card.text}: choose the unit on ${chosen[0]}`, 'prompts.unitOn', { ...values, place: chosen[0]! });
    }
    const d = s.defenders.find((x) => x.id === chosen[1]);
    const unit = d ? defenderName(d) : said(chosen[1]!, 'terms.typed', { text: chosen[1]! });
    const kind = fx.kind === 'attack' || fx.kind === 'move' || fx.kind === 'repair' ? fx.kind : 'other';
    const noun = { attack: 'target', move: 'destination', repair: 'wall to repair', other: 'action' }[kind];
    return said(`${card.text}: choose the ${noun} for ${unit.text}`, `prompts.forUnit.${kind}`, { ...values, unit: unit.phrase });
  }
  if (chosen.length === 0) {
    const left = RULES.plays - s.plays;
    return left > 0
      ? said(`Turn ${s.turn}: choose a card to play (${left} of ${RULES.plays} left), or end the turn`, 'prompts.turnPlay', { turn: s.turn, count: left, plays: RULES.plays })
      : said(`Turn ${s.turn}: no plays left, end the turn`, 'prompts.turnDone', { turn: s.turn });
  }
  const card = cardName(chosen[0]!);
  return said(`${card.text}: play it as written, or as a generic attack or move`, 'prompts.playHow', { card: card.phrase });
}

export function choicePrompt(s: TwoDeckSiegeState, seat: Seat, chosen: string[]): string {
  return choicePromptSaid(s, seat, chosen).text;
}

export function choicePromptPhrase(s: TwoDeckSiegeState, seat: Seat, chosen: string[]): Phrase {
  return choicePromptSaid(s, seat, chosen).phrase;
}

export { casterOf };
