// The action card: six actions numbered 1–6 from the top, one shield each; a round is five shields.
import { VALUES } from './values.js';

export type Action = 'patrol' | 'quest' | 'build' | 'research' | 'expand' | 'trade';
export const ACTIONS: readonly Action[] = ['patrol', 'quest', 'build', 'research', 'expand', 'trade'];
export const ACTION_NAME: Record<Action, string> = {
  patrol: 'Patrol',
  quest: 'Quest',
  build: 'Build',
  research: 'Research',
  expand: 'Expand',
  trade: 'Trade',
};
export const isAction = (a: unknown): a is Action => typeof a === 'string' && (ACTIONS as readonly string[]).includes(a);

/** The action numbered `n` (1–6) on the card. */
export const actionNumbered = (n: number): Action => ACTIONS[n - 1]!;
export const actionNumber = (a: Action): number => ACTIONS.indexOf(a) + 1;

/** Which side's shield sits on each action (null: free). Plain JSON. */
export type ActionCard = Record<Action, number | null>;

export const emptyActionCard = (): ActionCard => ({ patrol: null, quest: null, build: null, research: null, expand: null, trade: null });
export const freeActions = (c: ActionCard): Action[] => ACTIONS.filter((a) => c[a] === null);
export const shieldsPlaced = (c: ActionCard): number => ACTIONS.filter((a) => c[a] !== null).length;
export const placeShield = (c: ActionCard, a: Action, side: number): ActionCard => {
  if (c[a] !== null) throw new Error(`${a} already holds a shield`);
  return { ...c, [a]: side };
};
/** A round ends when the fifth shield is placed; then the card clears. */
export const roundComplete = (c: ActionCard): boolean => shieldsPlaced(c) >= VALUES.shieldsPerRound;
