// Every catalog key is said somewhere: a key no code names is a text nobody reads, left behind
// by a change (and a translator's wasted work). A key counts as named when the code holds it
// whole ('events.placed', 'discord:board.turn'), or a prefix of it followed by a computed part
// (`events.${kind}`, 'terms.maps.' + map), or a command's whose name and description a builder
// takes from it ('commands:move' for 'commands:move.name'), or when it is one of a game's texts
// read by the catalog's conventions (title, summary, seats, rules, options, settings). Plural forms and
// contexts (`_one`, `_other`, `_cavalry`) count with their key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/env.js';
import { readCatalogs, SOURCE_LOCALE } from '../../src/i18n/index.js';

const CODE = ['src', 'commands', 'scripts'];
/** A game's texts read by convention (test/helpers/phrases.ts definitionTextProblems, commands/start.ts). */
const CONVENTION = /^(title|summary|rules|command|seats\.\d+|options\..+|settings\..+)$/;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function codeText(): string {
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'generated' || name === 'node_modules') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|mjs|js)$/.test(name)) parts.push(readFileSync(full, 'utf8'));
    }
  };
  for (const dir of CODE) walk(path.join(PROJECT_ROOT, dir));
  return parts.join('\n');
}

function leafKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? leafKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/**
 * What the code says in quotes, read once (a regular expression per key over the whole code took
 * seconds per namespace). Two quotes with no quote between them enclose a piece; a key stands
 * whole in the code exactly when it, or `ns:key`, is such a piece. A computed key's prefix
 * stands before `.${` at the start of a piece, or ends a piece (`'terms.maps.' + map`).
 */
function quotedPieces(code: string): { whole: Set<string>; computed: Set<string> } {
  const pieces = code.split(/['"`]/);
  const whole = new Set<string>();
  const computed = new Set<string>();
  // The first piece follows no quote; the last is closed by none.
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    for (let at = piece.indexOf('.${'); at >= 0; at = piece.indexOf('.${', at + 1)) computed.add(piece.slice(0, at));
    if (i === pieces.length - 1) continue;
    whole.add(piece);
    if (piece.endsWith('.') && /^\s*\+/.test(pieces[i + 1]!)) computed.add(piece.slice(0, -1));
  }
  return { whole, computed };
}

describe('the catalogs', () => {
  it('hold no key that no code says', () => {
    const { whole, computed } = quotedPieces(codeText());
    const named = (key: string, ns: string): boolean => {
      if (whole.has(key) || whole.has(`${ns}:${key}`)) return true;
      // A computed key: one of its prefixes, then a computed part.
      const parts = key.split('.');
      for (let n = parts.length - 1; n >= 1; n--) {
        const prefix = parts.slice(0, n).join('.');
        if (computed.has(prefix) || computed.has(`${ns}:${prefix}`)) return true;
      }
      return false;
    };
    const unused: string[] = [];
    const catalogs = readCatalogs()[SOURCE_LOCALE]!;
    for (const [ns, tree] of Object.entries(catalogs)) {
      const isGame = existsGame(ns);
      for (const leaf of leafKeys(tree)) {
        const key = leaf.replace(PLURAL, '');
        if (isGame && CONVENTION.test(key)) continue;
        // A context form (`unit_cavalry`): its key without the context.
        const base = key.includes('_') ? key.slice(0, key.lastIndexOf('_')) : key;
        if (named(key, ns) || named(base, ns)) continue;
        // localized(builder, 'commands:move') says 'commands:move.name' and '.description'.
        const described = /^(.+)\.(name|description)$/.exec(key)?.[1];
        if (described && named(described, ns)) continue;
        unused.push(`${ns}:${leaf}`);
      }
    }
    expect(unused).toEqual([]);
  });
});

function existsGame(ns: string): boolean {
  try {
    return statSync(path.join(PROJECT_ROOT, 'src', 'games', ns)).isDirectory() || ns === 'kingdoms';
  } catch {
    return false;
  }
}
