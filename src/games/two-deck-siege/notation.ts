// The text notation: "play volley", "arc1 attack gob3", "wizard fireball N1-2", "choose N2", "end turn".
import { clipped, err, formatNotAMove, movesNowHint, type Result, type Seat } from '../../engine/index.js';
import { said, type Said } from './phrases.js';
import { legalMoves, readMove, whyNot } from './rules.js';
import { COURTYARD, DEFENDER, ORDER, type TwoDeckSiegeMove, type TwoDeckSiegeState } from './types.js';

const place = (p: string) => (p === COURTYARD ? 'courtyard' : p);

export function formatMove(s: TwoDeckSiegeState, _seat: Seat, move: TwoDeckSiegeMove): string {
  const read = readMove(s, move);
  if (!read.ok) return formatNotAMove(move);
  const m = read.value;
  switch (m.type) {
    case 'thick':
      return `thick ${m.wall}`;
    case 'discard':
      return `discard ${m.cards.join(' ')}`;
    case 'play':
      return m.as === 'order' ? `play ${m.card}` : `play ${m.card} as ${m.as}`;
    case 'act':
      return m.do === 'rest' ? `${m.unit} rest` : `${m.unit} ${m.do} ${place(m.target)}`;
    case 'cast':
      return `${m.caster} ${m.spell} ${place(m.target)}`;
    case 'done':
      return 'done';
    case 'end':
      return 'end turn';
    case 'choose':
      return `choose ${m.pick}`;
  }
}

const norm = (w: string) => w.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Card keys by every way of writing them: "hold-the-wall", "Hold the Wall", "holdthewall". */
const CARD_WORDS = new Map<string, string>();
for (const o of Object.values(ORDER)) {
  CARD_WORDS.set(norm(o.key), o.key);
  CARD_WORDS.set(norm(o.name), o.key);
}
for (const d of Object.values(DEFENDER).filter((x) => x.special)) {
  CARD_WORDS.set(norm(d.key), d.key);
  CARD_WORDS.set(norm(d.name), d.key);
  CARD_WORDS.set(norm(d.id), d.key);
}

/** Reads words as card keys, longest names first. */
function cardsIn(words: string[]): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let found = 0;
    for (let j = words.length; j > i; j--) {
      const key = CARD_WORDS.get(norm(words.slice(i, j).join('')));
      if (key) {
        out.push(key);
        found = j;
        break;
      }
    }
    if (!found) return null;
    i = found;
  }
  return out;
}

/** A place, cell or id as the state writes it: walls and cells in capitals, ids in lower case. */
function placeWord(w: string): string {
  const x = w.trim();
  if (/^(court|courtyard|yard|bailey|inside)$/i.test(x)) return COURTYARD;
  if (/^[nesw][1-9](-[123])?$/i.test(x) || /^(ne|se|sw|nw)$/i.test(x)) return x.toUpperCase();
  return x.toLowerCase();
}

const VERB: Record<string, 'attack' | 'repair' | 'move' | 'rest'> = {
  attack: 'attack', attacks: 'attack', shoot: 'attack', shoots: 'attack', hit: 'attack', hits: 'attack', strike: 'attack', fight: 'attack',
  repair: 'repair', repairs: 'repair', fix: 'repair', fixes: 'repair', mend: 'repair', mends: 'repair',
  move: 'move', moves: 'move', go: 'move', goes: 'move', to: 'move', walk: 'move',
  rest: 'rest', rests: 'rest', sleep: 'rest',
};
const SPELL_WORDS: Record<string, string> = {
  fireball: 'fireball', fire: 'fireball', lightning: 'lightning', bolt: 'lightning', mend: 'mend', stonemend: 'mend', rebuild: 'mend',
  heal: 'heal', refresh: 'refresh', vigil: 'refresh', revive: 'revive', raise: 'revive', resurrect: 'revive',
};

function readPhrase(s: TwoDeckSiegeState, text: string): TwoDeckSiegeMove | null {
  const words = text
    .replace(/\(.*?\)/g, ' ')
    .replace(/[→>:,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['the', 'with', 'on', 'at', 'a', 'an', 'my'].includes(w.toLowerCase()));
  if (words.length === 0) return null;
  const [first, ...rest] = words;
  const f = first!.toLowerCase();
  if (['end', 'pass', 'endturn'].includes(norm(words.join(''))) || (f === 'end' && rest.length === 1 && /^turn$/i.test(rest[0]!))) return { type: 'end' };
  if (['done', 'finish', 'stop', 'enough'].includes(f) && rest.length === 0) return { type: 'done' };
  if (f === 'thick' && rest.length === 1) return { type: 'thick', wall: placeWord(rest[0]!) };
  if (f === 'discard') {
    const cards = cardsIn(rest);
    return cards && cards.length ? { type: 'discard', cards } : null;
  }
  if (['choose', 'pick', 'place', 'target', 'first'].includes(f) && rest.length === 1) {
    const pick = placeWord(rest[0]!);
    const options = s.pending?.question.options ?? [];
    return { type: 'choose', pick: options.find((o) => o.toLowerCase() === pick.toLowerCase()) ?? pick };
  }
  if (f === 'play' || f === 'generic') {
    let body = rest;
    let as: 'order' | 'attack' | 'move' = 'order';
    if (f === 'generic' && ['attack', 'move'].includes(body[0]?.toLowerCase() ?? '')) {
      as = body[0]!.toLowerCase() as 'attack' | 'move';
      body = body.slice(1);
    } else {
      const last = body[body.length - 1]?.toLowerCase();
      if (last === 'attack' || last === 'move') {
        as = last;
        body = body.slice(0, -1);
        if (body[body.length - 1]?.toLowerCase() === 'as') body = body.slice(0, -1);
        if (body[body.length - 1]?.toLowerCase() === 'generic') body = body.slice(0, -1);
      } else if (last === 'order') {
        body = body.slice(0, body[body.length - 2]?.toLowerCase() === 'as' ? -2 : -1);
      }
    }
    const cards = cardsIn(body);
    return cards && cards.length === 1 ? { type: 'play', card: cards[0]!, as } : null;
  }
  if ((f === 'wizard' || f === 'priest') && rest.length === 2) {
    const spell = SPELL_WORDS[norm(rest[0]!)];
    if (!spell) return null;
    const target = spell === 'revive' ? rest[1]!.toLowerCase() : placeWord(rest[1]!);
    return { type: 'cast', caster: f, spell, target };
  }
  const verb = rest[0] ? VERB[rest[0].toLowerCase()] : undefined;
  if (!verb) return null;
  if (verb === 'rest') return rest.length === 1 ? { type: 'act', unit: f, do: 'rest', target: s.defenders.find((d) => d.id === f)?.at ?? '' } : null;
  if (rest.length !== 2) return null;
  return { type: 'act', unit: f, do: verb, target: placeWord(rest[1]!) };
}

/** How many moves a refusal spells out (movesNowHint's default). */
const NAMED = 8;

/** The moves open now, in notation, the first few spelled out: what a refusal ends with. */
function hint(s: TwoDeckSiegeState): Said {
  const moves = legalMoves(s, 0).map((m) => formatMove(s, 0, m));
  const text = movesNowHint(moves, { named: NAMED });
  if (moves.length === 0) return said(text, 'errors.noMoves');
  const listed = moves.slice(0, NAMED).join(', ');
  if (moves.length <= NAMED) return said(text, 'errors.movesNow', { moves: listed });
  return said(text, 'errors.movesNowMore', { moves: listed, count: moves.length - NAMED });
}

/** Accepts what `formatMove` writes and friendly variants ("play hold the wall as attack", "end"). */
export function parseMove(s: TwoDeckSiegeState, seat: Seat, text: string): Result<TwoDeckSiegeMove> {
  if (typeof text !== 'string') return err('bad-notation', 'Type a move as text, such as "end turn".', { key: 'errors.typeText' });
  if (seat !== 0) return err('wrong-seat', 'Two Deck Siege has one player, seat 0.', { key: 'errors.oneSeat' });
  const move = text.length <= 200 ? readPhrase(s, text) : null;
  if (!move) {
    // As the engine's unknownNotation says it, with the phrase beside it.
    const moves = hint(s);
    return err('bad-notation', `"${clipped(text)}" is not a move I know. ${moves.text}`, { key: 'errors.unknownMove', values: { text: clipped(text), hint: moves.phrase } });
  }
  const read = readMove(s, move);
  if (!read.ok) return read;
  const key = JSON.stringify(read.value);
  // Only a move of the same type, unit and target can write the same JSON: the others are passed
  // over without writing theirs (a position lists hundreds of moves, and typed moves are read often).
  const r = read.value as { type: string; unit?: string; target?: string };
  const legal = legalMoves(s, 0).find((m) => {
    const c = m as { type: string; unit?: string; target?: string };
    return c.type === r.type && c.unit === r.unit && c.target === r.target && JSON.stringify(m) === key;
  });
  if (!legal) {
    const why = whyNot(s, read.value);
    const moves = hint(s);
    return err('illegal-move', `${why.text} ${moves.text}`, { key: 'errors.withHint', values: { reason: why.phrase, hint: moves.phrase } });
  }
  return { ok: true, value: legal };
}
