// Given text to fit in a board's room (a member's display name above all), then it is shortened
// with an ellipsis exactly as before, and a name of 20,000 characters costs a handful of width
// measurements instead of one per character dropped (each over the whole name: 47-67 s a board).
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { renderBoardSvg } from '../../src/render/index.js';
import { MAX_NAME_CHARS, fitWidth, playerName, textWidth, withPlayer, type Measure } from '../../src/render/svg.js';
import { allGameSamples, SEATS, type GameSample } from './fixtures/allGames.js';
import { svgTexts } from './textSize.js';

// The fitting as it was, one character at a time: the reference for what must not change.
function fitWidthBefore(content: string, size: number, room: number, weight: 400 | 700 = 700): string {
  let t = content;
  while (Array.from(t).length > 2 && textWidth(t, size, weight) > room) t = `${Array.from(t).slice(0, -2).join('')}…`;
  return t;
}

function withPlayerBefore(label: string, player: string, size: number, room: number, weight: 400 | 700 = 700): string {
  if (!player) return fitWidthBefore(label, size, room, weight);
  const head = label ? `${label} · ` : '';
  const full = head + player;
  if (textWidth(full, size, weight) <= room) return full;
  const chars = Array.from(player);
  while (chars.length > 1) {
    chars.pop();
    const t = `${head}${chars.join('').trimEnd()}…`;
    if (textWidth(t, size, weight) <= room) return t;
  }
  return fitWidthBefore(label || player, size, room, weight);
}

/** textWidth, counting its calls. */
function countingMeasure(): { measure: Measure; calls: () => number } {
  let calls = 0;
  return {
    measure: (content, size, weight) => {
      calls++;
      return textWidth(content, size, weight);
    },
    calls: () => calls,
  };
}

/** A name of `length` characters with every width class: capitals, digits, narrow, wide, spaces. */
function longName(length: number): string {
  const words = ['Ærwyn', 'the', 'Unbreakable', 'Siegelord', 'of', '1066', 'WALLS', 'iii', 'mmm'];
  let name = '';
  for (let i = 0; name.length < length; i++) name += `${words[i % words.length]} `;
  return name.slice(0, length);
}

const ALPHABET = Array.from('aeimwAMW019 .,:·!()Æéßő-<>&');

describe('fitting text to a width', () => {
  it('given 3,000 seeded texts, sizes and rooms, then fitWidth and withPlayer give exactly what the one-character-at-a-time fitting gave', () => {
    const rng = Rng.fromSeed('text-fitting-equivalence');
    for (let i = 0; i < 3000; i++) {
      const word = (n: number) => Array.from({ length: n }, () => ALPHABET[rng.int(ALPHABET.length)]).join('');
      const content = word(rng.int(60));
      const label = rng.int(4) === 0 ? '' : word(rng.int(12));
      const size = 20 + rng.int(20);
      const room = rng.int(900);
      const weight = rng.int(2) === 0 ? 400 : 700;
      const seen = `seed text-fitting-equivalence, case ${i}: ${JSON.stringify({ content, label, size, room, weight })}`;
      expect(fitWidth(content, size, room, weight), seen).toBe(fitWidthBefore(content, size, room, weight));
      expect(withPlayer(label, content, size, room, weight), seen).toBe(withPlayerBefore(label, content, size, room, weight));
    }
  });

  it('given a 20,000-character name, then it is clipped with the ellipsis as before, after a logarithmic number of measurements', () => {
    const name = longName(20_000);
    // Whatever fits in 500 px is far shorter than 300 characters: the old fitting of the first
    // 300 gives what it gave for the whole name, without taking a minute.
    const before = withPlayerBefore('Red', name.slice(0, 300), 30, 500);
    const counted = countingMeasure();
    const after = withPlayer('Red', name, 30, 500, 700, counted.measure);
    expect(after).toBe(before);
    expect(after).toMatch(/^Red · Ærwyn the .*…$/);
    // One look at the whole, then halving over 20,000 cut points: at most ceil(log2 20,000) = 15 more.
    expect(counted.calls()).toBeGreaterThan(1);
    expect(counted.calls()).toBeLessThanOrEqual(1 + 15);

    const fitted = countingMeasure();
    expect(fitWidth(name, 30, 500, 700, fitted.measure)).toBe(fitWidthBefore(name.slice(0, 300), 30, 500));
    expect(fitted.calls()).toBeGreaterThan(1);
    expect(fitted.calls()).toBeLessThanOrEqual(1 + 15);
  });

  it('given names of 2,000 and 20,000 characters, then ten times the length costs at most four more measurements', () => {
    const calls = (length: number) => {
      const counted = countingMeasure();
      withPlayer('Blue', longName(length), 28, 400, 700, counted.measure);
      return counted.calls();
    };
    expect(calls(20_000) - calls(2_000)).toBeLessThanOrEqual(4); // log2(10) ≈ 3.3
  });
});

describe('display names before layout', () => {
  let samples: GameSample[] = [];
  beforeAll(async () => {
    samples = await allGameSamples();
  });

  it('given a 20,000-character name, then the board gets it clipped to MAX_NAME_CHARS with an ellipsis', () => {
    const name = playerName({ players: [longName(20_000)] }, 0);
    expect(Array.from(name)).toHaveLength(MAX_NAME_CHARS);
    expect(name.endsWith('…')).toBe(true);
    expect(longName(20_000).startsWith(name.slice(0, -1).trimEnd())).toBe(true);
    expect(playerName({ players: ['alice'] }, 0)).toBe('alice');
  });

  it('given names longer than the clip, then every board shows what it shows for a name as long as the clip: no board has room for more', () => {
    // The narrowest drawable name: thin letters and spaces (runs of spaces are collapsed).
    const narrow = (length: number) => 'i '.repeat(length).slice(0, length);
    const wide = (length: number) => 'm'.repeat(length);
    for (const s of samples.filter((x) => x.stage === 'mid')) {
      for (const name of [narrow, wide, longName]) {
        const players = (n: number) => [name(n), ...(SEATS[s.game] === 2 ? ['bob'] : [])];
        const atClip = renderBoardSvg(s.game, s.view, { players: players(MAX_NAME_CHARS) });
        expect(renderBoardSvg(s.game, s.view, { players: players(20_000) }), `${s.game} ${s.name}`).toBe(atClip);
        expect(svgTexts(atClip).join('\n'), `${s.game} ${s.name}`).toContain('…');
      }
    }
  });
});
