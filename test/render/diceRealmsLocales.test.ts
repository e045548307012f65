// Given whole seeded games of Dice Realms, then every board of every position, in every language,
// draws each text within its room (measured with the shipped font) and none under 2.5 % of the
// width: with players' names short and long, the members' standing notes (none for an AI seat),
// both palettes, and a result the platform gives.
import { describe, it } from 'vitest';
import { LOCALES, t, type Locale } from '../../src/i18n/index.js';
import { Rng } from '../../src/engine/index.js';
import game, { type DiceRealmsMove } from '../../src/games/dice-realms/index.js';
import { renderDiceRealmsBoard, type DiceRealmsView } from '../../src/render/dice-realms/board.js';
import type { RenderOptions } from '../../src/render/svg.js';
import { LONG_NAMES } from './fixtures/allGames.js';
import { expectTextsFit } from './textFit.js';
import { expectReadableText } from './textSize.js';

const HUMANS = [{ kind: 'human' as const }, { kind: 'human' as const }];
const GAMES = [
  { seed: 'fit-classic-1', variant: 'classic' },
  { seed: 'fit-classic-2', variant: 'classic' },
  { seed: 'fit-fast-1', variant: 'fast' },
] as const;

/** Every position of a seeded game, attacks preferred so that it ends within a few hundred moves. */
function wholeGame(seed: string, variant: 'classic' | 'fast'): DiceRealmsView[] {
  let s = game.setup(seed, HUMANS, { ...game.defaultOptions, variant });
  const rng = Rng.fromSeed(`moves-${seed}`);
  const views = [game.view(s) as DiceRealmsView];
  for (let ply = 0; ply < 2000 && !game.outcome(s); ply++) {
    const seat = game.toAct(s)[0]!;
    const moves = game.legalMoves(s, seat);
    const attacks = moves.filter((m) => m.type === 'attack');
    const move: DiceRealmsMove = attacks.length && rng.next() < 0.75 ? rng.pick(attacks) : rng.pick(moves);
    const played = game.play(s, seat, move);
    if (!played.ok) throw new Error(played.error.message);
    s = played.value.state;
    views.push(game.view(s) as DiceRealmsView);
  }
  if (!game.outcome(s)) throw new Error(`${seed} did not end`);
  return views;
}

/** A member's standing note as the platform writes it: the setting's name and its value, in the board's language. */
function note(locale: Locale, policy: 'ask' | 'strongest' | 'none'): string {
  const label = t(locale, 'dice-realms:settings.defence.label');
  const value = t(locale, `dice-realms:settings.defence.choices.${policy}.label`);
  return `${label}${locale === 'fr' ? '\u00a0: ' : ': '}${value}`;
}

/** A result the platform ends a game with (a resignation), as it would say it in each language. */
const RESIGNED: Record<Locale, { title: string; detail: string }> = {
  'en-US': { title: 'Blue wins', detail: 'Red resigned after a long siege.' },
  de: { title: 'Blau gewinnt', detail: 'Rot hat nach langer Belagerung aufgegeben.' },
  'es-ES': { title: 'Gana Azul', detail: 'Rojo se rindió tras un largo asedio.' },
  fr: { title: 'Bleu gagne', detail: 'Rouge a abandonné après un long siège.' },
  'pt-BR': { title: 'O Azul vence', detail: 'O Vermelho desistiu depois de um longo cerco.' },
};

/** The platform's options for position `i`: names, notes, palette and result vary from board to board. */
function options(locale: Locale, i: number, last: boolean): RenderOptions {
  const policies = ['ask', 'strongest', 'none'] as const;
  const opts: RenderOptions = { locale, palette: i % 2 ? 'colourblind' : 'standard' };
  switch (i % 4) {
    case 0:
      break;
    case 1:
      // Against the AI: the platform sends no note for the AI's seat.
      opts.players = ['Alexandra', 'AI (hard)'];
      opts.seatNotes = [note(locale, policies[i % 3]!), ''];
      break;
    case 2:
      opts.players = ['Bartholomew Featherstonehaugh-Sm', 'Wolfeschlegelsteinhausenbergerdo'];
      opts.seatNotes = [note(locale, policies[(i + 1) % 3]!), note(locale, policies[i % 3]!)];
      break;
    default:
      opts.players = [...LONG_NAMES];
      opts.seatNotes = ['', note(locale, 'strongest')];
  }
  if (last || i % 97 === 50) opts.finished = { ...RESIGNED[locale], winners: [1] };
  return opts;
}

describe('dice-realms boards in every language', () => {
  for (const { seed, variant } of GAMES) {
    const views = wholeGame(seed, variant);
    for (const locale of LOCALES) {
      it(`given every position of ${seed} (${views.length}), then each board in ${locale} fits every text in its room, readable on a phone`, () => {
        views.forEach((view, i) => {
          const label = `${seed} ${locale} position ${i} (${view.phase})`;
          for (const opts of [{ locale }, options(locale, i, i === views.length - 1)]) {
            const svg = renderDiceRealmsBoard(view, opts);
            expectTextsFit(svg, label);
            expectReadableText(svg, label);
          }
        });
      });
    }
  }
});
