// Options and the opening position: the map (chosen from the seed when random) and the fortresses
// (a seeded layout, or none yet when the players draft them).
import { draw, ok, rngFromSeed, type OptionSpec, type Result, type SeatSpec } from '../../engine/index.js';
import { boardFor } from './board.js';
import { randomFortresses } from './fortresses.js';
import { isMapId, MAPS } from './maps.js';
import { refuse } from './phrases.js';
import {
  ARMIES_PER_SEAT,
  FORTRESS_COUNT,
  MAP_IDS,
  NEUTRAL,
  NO_FORT,
  type FortressSetup,
  type MapId,
  type SiegeMasterOptions,
  type SiegeMasterState,
} from './types.js';

export const defaultOptions: SiegeMasterOptions = { map: 'random', fortresses: 'random', fortressCount: FORTRESS_COUNT.default };

export const optionSpecs: OptionSpec[] = [
  {
    name: 'map',
    description: 'The board (default: a random one, drawn when the game is set up)',
    default: 'random',
    choices: [
      { name: 'random', value: 'random' },
      ...MAP_IDS.map((id) => ({ name: MAPS[id].name, value: id })),
    ],
  },
  {
    name: 'fortresses',
    description: 'random: placed by the bot; draft: the players place them in turn (default random)',
    default: 'random',
    choices: [
      { name: 'random', value: 'random' },
      { name: 'draft', value: 'draft' },
    ],
  },
  { name: 'fortress-count', description: 'Number of fortresses, an odd number from 5 to 25 (default 15)', default: String(FORTRESS_COUNT.default) },
];

// Option names arrive from slash commands (kebab-case), stored games and code (camelCase).
const OPTION_KEYS: Record<string, keyof SiegeMasterOptions> = {
  map: 'map',
  fortresses: 'fortresses',
  fortresssetup: 'fortresses',
  fortresscount: 'fortressCount',
  count: 'fortressCount',
};

const MAP_ALIASES: Record<string, MapId> = {
  'hex-board': 'hex',
  plain: 'hex',
  'plain-hex': 'hex',
  northamerica: 'north-america',
  southamerica: 'south-america',
};

function readMap(value: unknown): Result<MapId | 'random'> {
  const text = String(value).trim().toLowerCase().replace(/[\s_.]+/g, '-');
  if (text === 'random') return ok('random');
  const alias = [text, text.replace(/-/g, '')].find((t) => Object.hasOwn(MAP_ALIASES, t));
  const id = isMapId(text) ? text : alias ? MAP_ALIASES[alias] : undefined;
  if (id) return ok(id);
  const named = String(value).slice(0, 30);
  const choices = MAP_IDS.join(', ');
  return refuse('bad-option', `there is no map "${named}": choose ${choices} or random`, 'noSuchMap', { map: named, choices });
}

function readSetup(value: unknown): Result<FortressSetup> {
  const text = String(value).trim().toLowerCase();
  return text === 'random' || text === 'draft' ? ok(text) : refuse('bad-option', 'fortresses must be random or draft', 'fortressSetup');
}

function readCount(value: unknown): Result<number> {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < FORTRESS_COUNT.min || n > FORTRESS_COUNT.max || n % 2 === 0) {
    const { min, max } = FORTRESS_COUNT;
    return refuse('bad-option', `the number of fortresses must be an odd number from ${min} to ${max}`, 'fortressCount', { min, max });
  }
  return ok(n);
}

/** A random map is drawn from `seed` now, so that a challenge names the board it will be played on. */
export function settleOptions(raw: Record<string, unknown>, seed: string): Record<string, unknown> {
  const parsed = parseOptions(raw);
  if (!parsed.ok || parsed.value.map !== 'random') return raw;
  const settled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (key.toLowerCase() !== 'map') settled[key] = value;
  settled.map = draw(rngFromSeed(seed), (r) => MAP_IDS[r.int(MAP_IDS.length)]!)[0];
  return settled;
}

export function parseOptions(raw: Record<string, unknown>): Result<SiegeMasterOptions> {
  const options: SiegeMasterOptions = { ...defaultOptions };
  if (typeof raw !== 'object' || raw === null) return ok(options);
  for (const [key, value] of Object.entries(raw)) {
    const plain = key.toLowerCase().replace(/[\s_-]/g, '');
    const name = Object.hasOwn(OPTION_KEYS, plain) ? OPTION_KEYS[plain] : undefined;
    if (!name || value === undefined || value === null || value === '') continue;
    if (name === 'map') {
      const map = readMap(value);
      if (!map.ok) return map;
      options.map = map.value;
    } else if (name === 'fortresses') {
      const mode = readSetup(value);
      if (!mode.ok) return mode;
      options.fortresses = mode.value;
    } else {
      const count = readCount(value);
      if (!count.ok) return count;
      options.fortressCount = count.value;
    }
  }
  return ok(options);
}

/** Options as given, with anything unusable replaced by its default: setup itself cannot fail. */
function usableOptions(options: Partial<SiegeMasterOptions> | null | undefined): SiegeMasterOptions {
  const parsed = parseOptions((options ?? {}) as Record<string, unknown>);
  return parsed.ok ? parsed.value : { ...defaultOptions };
}

export function setup(seed: string, seats: SeatSpec[], options: SiegeMasterOptions): SiegeMasterState {
  const opts = usableOptions(options);
  const rng = rngFromSeed(String(seed));
  const [map, afterMap] = opts.map === 'random' ? draw(rng, (r) => MAP_IDS[r.int(MAP_IDS.length)]!) : [opts.map, rng];
  const board = boardFor({ map, customRows: null });
  let forts = NO_FORT.repeat(board.size);
  let fortressCount = opts.fortressCount;
  if (opts.fortresses === 'random') {
    const [cells] = draw(afterMap, (r) => randomFortresses(board, opts.fortressCount, r));
    const chars = forts.split('');
    for (const c of cells) chars[c] = NEUTRAL;
    forts = chars.join('');
    fortressCount = cells.length;
  }
  return {
    map,
    customRows: null,
    seats: (Array.isArray(seats) ? seats : []).map((s) => ({ ...s })),
    fortressSetup: opts.fortresses,
    fortressCount,
    phase: opts.fortresses === 'draft' ? 'draft' : 'play',
    toMove: 0,
    moveNumber: 0,
    armies: '.'.repeat(board.size),
    forts,
    armiesLeft: [ARMIES_PER_SEAT, ARMIES_PER_SEAT],
    last: null,
    outcome: null,
  };
}
