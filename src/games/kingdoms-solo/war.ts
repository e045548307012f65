// War in the Solo Variant: the player commits a number or the white flag, the AI rolls its d12
// (1–11 and a white flag) and scores the lower of the roll and what it can commit, paying Mana first.
import { draw, type Phrase } from '../../engine/index.js';
import {
  addMeeples,
  findRegion,
  maxCommitment,
  paidPhrase,
  pay,
  paymentPhrase,
  paymentText,
  payManaFirst,
  phrase,
  warValue,
  warWinner,
  type WarPayment,
} from '../kingdoms-base/index.js';
import { adjustments, AI, PLAYER, SOLO, type Ctx, type SoloState, type War, type WarSide } from './types.js';

export type DieFace = number | 'flag';

/** The AI's combat die: 1–11, or the white flag on the twelfth face. */
export function rollCombatDie(s: SoloState): DieFace {
  const [face, next] = draw(s.rng, (r) => r.int(SOLO.dieFaces));
  s.rng = next;
  return face === SOLO.dieFaces - 1 ? 'flag' : face + 1;
}

const sideIndex = (w: WarSide) => (w === 'player' ? PLAYER : AI);
const faceText = (f: DieFace) => (f === 'flag' ? 'the white flag' : String(f));
const facePhrase = (f: DieFace): Phrase | number => (f === 'flag' ? phrase('war.face.flag') : f);
const regionName = (s: SoloState, id: string) => findRegion(s.board, id)?.region.name ?? id;

/** The AI's war payment for a roll: Mana first; above what it has, all its Mana and Ore. */
export function aiWarPayment(s: SoloState, roll: number): { pay: WarPayment; score: number; why: string; whyPhrase: Phrase } {
  const k = s.kingdoms[AI];
  const can = maxCommitment(k);
  const score = Math.min(roll, can);
  const payment = payManaFirst(roll, k);
  const why =
    roll > can
      ? `it rolled ${roll}, more than the ${can} it can commit: it scores ${can} and spends all its Mana and Ore (${paymentText(payment)})`
      : `its score is its roll, ${roll}, which it can commit; it pays Mana before Ore: ${paymentText(payment)}`;
  const whyPhrase =
    roll > can
      ? phrase('war.why.overRoll', { roll, max: can, payment: paymentPhrase(payment) })
      : phrase('war.why.roll', { roll, payment: paymentPhrase(payment) });
  return { pay: payment, score, why, whyPhrase };
}

/** The loser's meeple in the war's region returns to its supply. */
function removeLoser(s: SoloState, region: string, loser: number): void {
  s.board = addMeeples(s.board, region, loser, -1);
  s.kingdoms[loser] = { ...s.kingdoms[loser]!, meeplesInSupply: s.kingdoms[loser]!.meeplesInSupply + 1 };
}

function payBoth(s: SoloState, player: WarPayment | null, ai: WarPayment | null): void {
  if (player) s.kingdoms[PLAYER] = pay(s.kingdoms[PLAYER], { mana: player.mana, ore: player.ore });
  if (ai) s.kingdoms[AI] = pay(s.kingdoms[AI], { mana: ai.mana, ore: ai.ore });
}

type Verdict = {
  note?: string;
  winner: WarSide | 'alliance';
  committed: [number | 'flag', number | 'flag'];
  roll: DieFace;
  paid: [WarPayment | null, WarPayment | null];
  rule: string;
  why: string;
  whyPhrase: Phrase;
};

function report(c: Ctx, war: War, v: Verdict): void {
  const s = c.s;
  const where = regionName(s, war.region);
  const paid = (p: WarPayment | null) => (p && p.mana + p.ore > 0 ? paymentText(p).replace(/ \(\d+\)$/, '') : 'nothing');
  const result =
    v.winner === 'alliance'
      ? 'An alliance is struck: both meeples stay'
      : v.winner === 'player'
        ? 'You win; the AI meeple returns to its supply'
        : 'The AI wins; your meeple returns to your supply';
  const [mine, its] = v.committed;
  const told = phrase('war.told', {
    region: where,
    you: mine === 'flag' ? phrase('war.you.flag') : phrase('war.you.commit', { value: mine }),
    rolls: its === 'flag' || its === v.roll ? phrase('war.rolls', { face: facePhrase(v.roll) }) : phrase('war.rollsCapped', { face: facePhrase(v.roll), max: its }),
    note: v.note ? phrase('war.tieNote') : '',
    result: phrase(`war.result.${v.winner}`),
    youPay: paidPhrase(v.paid[0] ?? { mana: 0, ore: 0 }),
    aiPays: paidPhrase(v.paid[1] ?? { mana: 0, ore: 0 }),
  });
  c.events.push({
    type: 'war',
    attacker: war.attacker,
    defender: war.defender,
    region: war.region,
    committed: v.committed,
    roll: v.roll,
    winner: v.winner,
    paid: { player: v.paid[0], ai: v.paid[1] },
    rule: v.rule,
    why: v.why,
    revealed: true,
    phrase: told,
    text: `War in ${where}: you ${v.committed[0] === 'flag' ? 'raise the white flag' : `commit ${v.committed[0]}`}, the AI rolls ${faceText(v.roll)}${v.committed[1] === 'flag' || v.committed[1] === v.roll ? '' : ` but can commit only ${v.committed[1]}`}${v.note ? ` (${v.note})` : ''}. ${result}. You pay ${paid(v.paid[0])}, the AI pays ${paid(v.paid[1])}.`,
  });
}

/** Ends a war with a winner (or an alliance): payments, the loser's meeple, the alliance. */
function conclude(c: Ctx, war: War, v: Verdict): boolean {
  const s = c.s;
  payBoth(s, v.paid[0], v.paid[1]);
  if (v.winner === 'alliance') {
    if (!s.alliances.includes(war.region)) s.alliances = [...s.alliances, war.region];
  } else {
    removeLoser(s, war.region, v.winner === 'player' ? AI : PLAYER);
  }
  report(c, war, v);
  return v.winner === 'alliance';
}

/**
 * The player's commitment meets the AI's roll. Returns whether an alliance formed, or null when the
 * AI's white flag leaves the player to choose between defeating it and an alliance.
 */
export function resolveWar(c: Ctx, commit: WarPayment | 'flag'): boolean | null {
  const s = c.s;
  const war = s.wars[0]!;
  const noAlliances = adjustments(s.difficulty).noAlliances;
  const roll = rollCombatDie(s);
  c.events.push({
    type: 'roll',
    die: 'd12',
    face: roll,
    for: 'war',
    region: war.region,
    revealed: true,
    text: `The AI's combat die shows ${faceText(roll)}.`,
    phrase: phrase('war.die', { face: facePhrase(roll) }),
  });
  if (roll === 'flag') {
    if (noAlliances) {
      return conclude(c, war, {
        winner: 'ai',
        committed: [commit === 'flag' ? 'flag' : warValue(commit), 'flag'],
        roll,
        paid: [commit === 'flag' ? null : commit, null],
        rule: 'war.no-alliances',
        why: 'harder game, no alliances: its white flag wins outright and it pays nothing',
        whyPhrase: phrase('war.why.noAlliances'),
      });
    }
    if (commit === 'flag') {
      return conclude(c, war, {
        winner: 'alliance',
        committed: ['flag', 'flag'],
        roll,
        paid: [null, null],
        rule: 'war.both-flags',
        why: 'both white flags: an alliance, and both meeples coexist',
        whyPhrase: phrase('war.why.bothFlags'),
      });
    }
    s.flagCommit = commit;
    s.phase = 'flag';
    c.events.push({
      type: 'white-flag',
      region: war.region,
      committed: warValue(commit),
      revealed: true,
      text: `The AI raises the white flag in ${regionName(s, war.region)}: defeat it (paying ${paymentText(commit)}) or form an alliance (paying nothing).`,
      phrase: phrase('war.whiteFlag', { region: regionName(s, war.region), payment: paymentPhrase(commit) }),
    });
    return null;
  }
  const ai = aiWarPayment(s, roll);
  if (commit === 'flag') {
    return conclude(c, war, {
      winner: 'ai',
      committed: ['flag', ai.score],
      roll,
      paid: [null, ai.pay],
      rule: 'war.player-flag',
      why: `your white flag loses and costs you nothing; the AI still pays: ${ai.why}`,
      whyPhrase: phrase('war.why.playerFlag', { why: ai.whyPhrase }),
    });
  }
  const mine = warValue(commit);
  const attackerScore = war.attacker === 'player' ? mine : ai.score;
  const defenderScore = war.attacker === 'player' ? ai.score : mine;
  const winner = warWinner(attackerScore, defenderScore) === 'attacker' ? war.attacker : war.defender;
  const tie = attackerScore === defenderScore ? 'a tie goes to the defender' : undefined;
  return conclude(c, war, {
    winner,
    committed: [mine, ai.score],
    roll,
    paid: [commit, ai.pay],
    rule: 'war.scores',
    why: `${ai.why}${tie ? `; ${tie}` : ''}`,
    whyPhrase: tie ? phrase('war.why.tie', { why: ai.whyPhrase }) : ai.whyPhrase,
    ...(tie ? { note: tie } : {}),
  });
}

/** After the AI's white flag: the player defeats it (paying the commitment) or allies (paying nothing). */
export function resolveFlagChoice(c: Ctx, choice: 'defeat' | 'alliance'): boolean {
  const s = c.s;
  const war = s.wars[0]!;
  const commit = s.flagCommit ?? { mana: 0, ore: 0 };
  s.phase = 'war';
  if (choice === 'alliance') {
    return conclude(c, war, {
      winner: 'alliance',
      committed: [warValue(commit), 'flag'],
      roll: 'flag',
      paid: [null, null],
      rule: 'war.ai-flag-alliance',
      why: 'its white flag, and you chose an alliance: no resources are spent',
      whyPhrase: phrase('war.why.flagAlliance'),
    });
  }
  return conclude(c, war, {
    winner: 'player',
    committed: [warValue(commit), 'flag'],
    roll: 'flag',
    paid: [commit, null],
    rule: 'war.ai-flag-defeat',
    why: 'its white flag, and you chose to defeat it: you pay your commitment, it pays nothing',
    whyPhrase: phrase('war.why.flagDefeat'),
  });
}
