// The standing defence policy: a player's setting, not a move. The platform keeps it per player
// and game; the rules always ask the defender, and a policy of `strongest` or `none` answers at
// once with an ordinary `defend …` move, which the log records like any other. So replaying the
// seed and the log gives the state, whenever and however often a player changed the setting.
import { err, ok, type Result, type Seat, type SeatSettings, type SeatSettingSpec } from '../../engine/index.js';
import { strongestUnit } from './moves.js';
import { phrase } from './phrases.js';
import { isPolicy, other, POLICIES, type DefencePolicy, type DiceRealmsMove, type DiceRealmsOptions, type DiceRealmsState } from './types.js';

export const DEFENCE = 'defence';

export const POLICY_TEXT: Record<DefencePolicy, string> = {
  ask: 'you are asked each time',
  strongest: 'your strongest unit defends at once',
  none: 'nobody defends, at once',
};

const POLICY_LABEL: Record<DefencePolicy, string> = { ask: 'Ask me each time', strongest: 'Always strongest', none: 'Never defend' };

export const seatSettings: SeatSettingSpec[] = [
  {
    name: DEFENCE,
    label: 'Defence policy',
    default: 'ask',
    choices: POLICIES.map((p) => ({ value: p, label: POLICY_LABEL[p], description: POLICY_TEXT[p] })),
  },
];

/** The policy a seat's settings hold, `ask` when they hold none. */
export function policyOf(settings: SeatSettings | undefined): DefencePolicy {
  const p = settings?.[DEFENCE];
  return isPolicy(p) ? p : 'ask';
}

export function startingSettings(options: DiceRealmsOptions, seats: number): SeatSettings[] {
  const d = Array.isArray(options?.defence) ? options.defence : [];
  return Array.from({ length: seats }, (_, seat) => ({ [DEFENCE]: isPolicy(d[seat]) ? d[seat] : 'ask' }));
}

const SETTING_WORDS = new Set(['defence', 'defense', 'policy', 'defencepolicy', 'defensepolicy']);
const POLICY_WORDS: Record<string, DefencePolicy> = {
  ask: 'ask', manual: 'ask', me: 'ask',
  strongest: 'strongest', strong: 'strongest', best: 'strongest', always: 'strongest',
  none: 'none', never: 'none', off: 'none', no: 'none', nobody: 'none',
};

/** "defence strongest", "Defense: never", "policy ask": a change of the setting; null for anything else. */
export function parseSetting(text: string): Result<{ name: string; value: string }> | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  const words = text.toLowerCase().replace(/[^a-z]+/g, ' ').trim().split(' ').filter(Boolean);
  const lead = words[0] === 'defence' && words[1] === 'policy' ? 2 : words[0] === 'set' && SETTING_WORDS.has(words[1] ?? '') ? 2 : 1;
  if (!SETTING_WORDS.has(words[lead - 1] ?? '')) return null;
  const rest = words.slice(lead).filter((w) => w !== 'to' && w !== 'is' && w !== 'unit');
  const value = rest.length === 1 ? POLICY_WORDS[rest[0]!] : undefined;
  if (!value || !Object.prototype.hasOwnProperty.call(POLICY_WORDS, rest[0]!)) {
    return err(
      'bad-setting',
      'The defence policy is ask (you choose each time), strongest (your strongest unit defends at once) or none (nobody defends): e.g. `defence strongest`.',
      phrase('errors.badSetting'),
    );
  }
  return ok({ name: DEFENCE, value });
}

/** The defender's answer its policy gives now, or null when the defender chooses (or nobody is asked). */
export function settledMove(s: DiceRealmsState, seat: Seat, settings: SeatSettings): DiceRealmsMove | null {
  if (s.phase !== 'defend' || !s.pending || seat !== other(s.active)) return null;
  switch (policyOf(settings)) {
    case 'strongest':
      return { type: 'defend', unit: strongestUnit(s, seat) };
    case 'none':
      return { type: 'defend', unit: null };
    default:
      return null;
  }
}
