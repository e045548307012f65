// Why a turn ends by itself: what keeps the active player from attacking, repairing or training,
// as the event that ends the turn says it.
import type { Phrase } from '../../engine/index.js';
import { said, type Said } from './phrases.js';
import { activeUnits } from './rules.js';
import { MAX, TERRITORIES, UNITS, type DiceRealmsState } from './types.js';

/** Why the active player can attack no more. */
export function attackBlocker(s: DiceRealmsState): Said {
  const food = s.realms[s.active]!.food;
  const ready = activeUnits(s, s.active).filter((u) => !s.attacked.includes(u));
  if (activeUnits(s, s.active).length === 0) return said('no unit is on the field to attack with', 'blockers.noUnit');
  if (ready.length === 0) return said('every unit on the field has attacked', 'blockers.allAttacked');
  return said(`Food ${food} pays for no attack`, 'blockers.noFood', { food });
}

function repairBlocker(s: DiceRealmsState): Said {
  const realm = s.realms[s.active]!;
  if (TERRITORIES.every((t) => realm[t] === MAX[t])) return said('every territory is at full health', 'blockers.allRepaired');
  return said(`Population ${realm.population} pays for no repair (2 a point)`, 'blockers.noPopulation', { population: realm.population });
}

export function trainBlocker(s: DiceRealmsState): Said {
  const realm = s.realms[s.active]!;
  const open = UNITS.filter((u) => !s.trained.includes(u));
  if (open.every((u) => realm[u] === MAX[u])) {
    return s.trained.length
      ? said('every other unit type is at full strength', 'blockers.othersFull')
      : said('every unit is at full strength', 'blockers.allFull');
  }
  return s.trained.length
    ? said(`Military ${realm.military} pays for no further training`, 'blockers.noFurtherMilitary', { military: realm.military })
    : said(`Military ${realm.military} pays for no training`, 'blockers.noMilitary', { military: realm.military });
}

/** Why no spend at all is possible this turn: three reasons, which a phrase joins as its language joins a list. */
export function spendBlocker(s: DiceRealmsState): { text: string; reasons: Phrase[] } {
  const reasons = [attackBlocker(s), repairBlocker(s), trainBlocker(s)];
  return { text: `${reasons[0]!.text}, ${reasons[1]!.text}, and ${reasons[2]!.text}`, reasons: reasons.map((r) => r.phrase) };
}
