// The JSON a renderer draws: both realms die by die, the turn's step, and the rolls made.
import type { Seat } from '../../engine/index.js';
import { choicePrompt } from './choices.js';
import { outcome } from './outcome.js';
import { toAct } from './rules.js';
import {
  MAX,
  NAME,
  RESOURCES,
  SEAT_NAMES,
  TERRITORIES,
  UNITS,
  YIELD,
  type DiceRealmsState,
  type Stat,
} from './types.js';

const die = (stat: Stat) => ({ die: `d${MAX[stat]}`, max: MAX[stat] });

function realmView(s: DiceRealmsState, seat: Seat) {
  const realm = s.realms[seat]!;
  const acting = s.active === seat;
  return {
    seat,
    name: SEAT_NAMES[seat],
    resources: Object.fromEntries(
      RESOURCES.map((r) => [r, { name: NAME[r], value: realm[r], ...die(r) }]),
    ),
    territories: Object.fromEntries(
      TERRITORIES.map((t) => [
        t,
        { name: NAME[t], health: realm[t], ...die(t), destroyed: realm[t] === 0, yields: YIELD[t] },
      ]),
    ),
    units: Object.fromEntries(
      UNITS.map((u) => [
        u,
        {
          name: NAME[u],
          value: realm[u],
          ...die(u),
          active: realm[u] > 0,
          felled: realm[u] === 0 && realm.felled.includes(u),
          status: realm[u] > 0 ? 'active' : realm.felled.includes(u) ? 'felled' : 'reserve',
          attackedThisTurn: acting && s.attacked.includes(u),
          trainedThisTurn: acting && s.trained.includes(u),
        },
      ]),
    ),
  };
}

/** The step of the turn in a few words, for a caption under the board. */
function stepText(s: DiceRealmsState): string {
  const who = SEAT_NAMES[s.active];
  const realm = s.realms[s.active]!;
  switch (s.phase) {
    case 'gather':
      return `${who} gathers`;
    case 'spend':
      return `${who} spends a resource`;
    case 'attack':
      return `${who} attacks again (Food ${realm.food}) or is done`;
    case 'train':
      return `${who} trains another unit type (Military ${realm.military}) or is done`;
    case 'defend':
      return `${SEAT_NAMES[1 - s.active]} chooses a defender for the ${NAME[s.pending!.target]}`;
    case 'over':
      return s.endReason ?? 'The game is over';
  }
}

/** Nothing is secret in Dice Realms but the dice to come, so every seat sees the same view. */
export function view(s: DiceRealmsState, seat?: Seat) {
  const acting = toAct(s);
  const pending = s.pending && s.phase === 'defend'
    ? {
        attacker: s.active,
        unit: s.pending.unit,
        value: s.realms[s.active]![s.pending.unit],
        target: s.pending.target,
        defender: acting[0] ?? null,
      }
    : null;
  const viewer = seat === 0 || seat === 1 ? seat : null;
  return {
    game: 'dice-realms',
    variant: s.variant,
    seatNames: [...SEAT_NAMES],
    turn: s.turn,
    active: s.active,
    phase: s.phase,
    step: stepText(s),
    gathered: s.gathered,
    attackedThisTurn: [...s.attacked],
    trainedThisTurn: [...s.trained],
    pending,
    toAct: acting,
    prompt: viewer !== null && acting.includes(viewer) ? choicePrompt(s, viewer, []) : null,
    realms: [realmView(s, 0), realmView(s, 1)],
    rolls: {
      thisTurn: s.rolls.map((r) => ({ ...r })),
      lastTurn: s.lastTurn ? { turn: s.lastTurn.turn, seat: s.lastTurn.seat, rolls: s.lastTurn.rolls.map((r) => ({ ...r })) } : null,
    },
    outcome: outcome(s),
  };
}
