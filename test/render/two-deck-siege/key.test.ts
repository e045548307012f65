// Given the key under a Two Deck Siege board in every language, then its notes break only between
// entries: after a comma or a "·" outside brackets, so that an abbreviation stays on the line of
// its meaning ("M Mauerschaden", not "M" at the end of a line) and a two-word entry stays whole
// ("roter Rahmen: erschöpft"); nothing of a note is left out, and every line is drawn.
import { describe, expect, it } from 'vitest';
import { LOCALES, t } from '../../../src/i18n/index.js';
import game, { type TwoDeckSiegeView } from '../../../src/games/two-deck-siege/index.js';
import { renderTwoDeckSiegeBoard } from '../../../src/render/two-deck-siege/index.js';
import { entryLines, keyNotes } from '../../../src/render/two-deck-siege/panels.js';
import { wordsFor } from '../../../src/render/two-deck-siege/words.js';
import { svgTexts } from '../textSize.js';

const NOTES = ['board.key.stats', 'board.key.badges'];
const balanced = (line: string) => (line.match(/\(/g) ?? []).length === (line.match(/\)/g) ?? []).length;

describe('Two Deck Siege key', () => {
  it('given every language, then each note breaks only after an entry\'s comma or "·", and says all it says', () => {
    for (const locale of LOCALES) {
      const notes = NOTES.map((key) => t(locale, `two-deck-siege:${key}`));
      const lines = keyNotes(wordsFor({ locale }));
      expect(lines.join(' '), locale).toBe(notes.join(' '));
      for (const line of lines) {
        const endsNote = notes.some((note) => note.endsWith(line));
        expect(endsNote || /[,·]$/.test(line), `${locale}: "${line}" ends inside an entry`).toBe(true);
        expect(balanced(line), `${locale}: "${line}" breaks inside brackets`).toBe(true);
      }
    }
  });

  it('given the German key, then "M Mauerschaden" and "roter Rahmen: erschöpft" each stand on one line', () => {
    const lines = keyNotes(wordsFor({ locale: 'de' }));
    for (const entry of ['R Reichweite (+1 im Turm)', 'M Mauerschaden', 'Rot: verbleibende Herzen (weiß, sobald verwundet)', 'Blau: Müdigkeit', 'roter Rahmen: erschöpft']) {
      expect(lines.some((line) => line.includes(entry)), `${entry} in ${JSON.stringify(lines)}`).toBe(true);
    }
  });

  it('given a narrow room, then an entry wider than a line is broken as text and an entry that fits is never parted', () => {
    const lines = entryLines('Key: a very long first entry that cannot fit, w wall damage · red frame: exhausted', 28, 300);
    expect(lines).toEqual(['Key: a very long first', 'entry that cannot fit,', 'w wall damage ·', 'red frame: exhausted']);
  });

  it('given a board in every language, then every line of its key is drawn', () => {
    const v = game.view(game.setup('key', [{ kind: 'human' }], game.defaultOptions), 0) as TwoDeckSiegeView;
    for (const locale of LOCALES) {
      const drawn = svgTexts(renderTwoDeckSiegeBoard(v, { locale }));
      for (const line of keyNotes(wordsFor({ locale }))) expect(drawn, locale).toContain(line);
    }
  });
});
