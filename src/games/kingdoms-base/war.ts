// War arithmetic: Mana counts 2 and Ore 1, a commitment is at most 11, ties go to the defender,
// and a value is paid with the fewest cubes (or Mana first, for the rule-driven sides).
import type { Kingdom } from './kingdom.js';
import { VALUES } from './values.js';

export type WarPayment = { mana: number; ore: number };

export const warValue = (p: WarPayment): number => VALUES.warValue.mana * p.mana + VALUES.warValue.ore * p.ore;

/** The most a side can commit: its Mana and Ore, counted 2 and 1, capped at 11. */
export const maxCommitment = (k: Pick<Kingdom, 'mana' | 'ore'>): number => Math.min(VALUES.warMax, warValue(k));

/** Every exact way to pay `value` from the kingdom's Mana and Ore, most Mana (fewest cubes) first. */
export function paymentsFor(value: number, k: Pick<Kingdom, 'mana' | 'ore'>): WarPayment[] {
  const out: WarPayment[] = [];
  if (!Number.isInteger(value) || value < 0) return out;
  for (let mana = Math.min(k.mana, Math.floor(value / 2)); mana >= 0; mana--) {
    const ore = value - 2 * mana;
    if (ore <= k.ore) out.push({ mana, ore });
  }
  return out;
}

/** The exact payment of `value` with the fewest cubes, or null when it cannot be paid exactly. */
export const payFewestCubes = (value: number, k: Pick<Kingdom, 'mana' | 'ore'>): WarPayment | null => paymentsFor(value, k)[0] ?? null;

/**
 * Every commitment a side can make: each value from `min` to its maximum, each way to pay it,
 * ordered by value and then by most Mana.
 */
export function commitments(k: Pick<Kingdom, 'mana' | 'ore'>, min = 1): WarPayment[] {
  const out: WarPayment[] = [];
  for (let v = min; v <= maxCommitment(k); v++) out.push(...paymentsFor(v, k));
  return out;
}

/**
 * Pays `value` Mana first, as the rule-driven sides do: as much Mana as fits, then Ore. A value it
 * cannot pay exactly (an odd value with no Ore left) costs one more Mana. A value above what the
 * side has takes all its Mana and Ore.
 */
export function payManaFirst(value: number, k: Pick<Kingdom, 'mana' | 'ore'>): WarPayment {
  if (value >= warValue(k)) return { mana: k.mana, ore: k.ore };
  let mana = Math.min(k.mana, Math.floor(value / 2));
  let rest = value - 2 * mana;
  const ore = Math.min(k.ore, rest);
  rest -= ore;
  if (rest > 0 && mana < k.mana) mana += 1;
  return { mana, ore };
}

/** The higher commitment wins; a tie goes to the defender. */
export const warWinner = (attacker: number, defender: number): 'attacker' | 'defender' => (attacker > defender ? 'attacker' : 'defender');

/** "2 Mana + 1 Ore (5)". */
export function paymentText(p: WarPayment): string {
  const parts = [p.mana ? `${p.mana} Mana` : '', p.ore ? `${p.ore} Ore` : ''].filter(Boolean);
  return `${parts.join(' + ') || 'nothing'} (${warValue(p)})`;
}
