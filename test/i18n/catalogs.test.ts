// The catalogs (assets/locales/<locale>/<namespace>.json) agree: every text of the source locale
// (en-US) is in every other, nothing more; each says the same placeholders and nests the same
// keys; a text that depends on a number has every plural form its language needs.
import { describe, expect, it } from 'vitest';
import { LOCALES, readCatalogs, SOURCE_LOCALE } from '../../src/i18n/index.js';
import { fontCovers } from '../../src/render/fonts.js';

type Tree = Record<string, unknown>;

/** Every text of a catalog by its dotted path. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
    else out.set(path, String(value));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A text's key without its plural suffix, and the suffix. */
const plural = (path: string) => {
  const m = PLURAL.exec(path);
  return m ? { base: path.slice(0, m.index), form: m[1]! } : { base: path, form: null };
};

/** The placeholders and nested keys a text uses, sorted: `{{count}}`, `$t(kingdoms:resource.food)`. */
function slots(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const nested = [...text.matchAll(/\$t\(([^,)]+)/g)].map((m) => `$t(${m[1]!.trim()})`);
  return [...new Set([...names, ...nested])].sort();
}

const catalogs = readCatalogs();
const source = catalogs[SOURCE_LOCALE]!;

describe('the catalogs', () => {
  it('the source locale has catalogs', () => {
    expect(Object.keys(source).length).toBeGreaterThan(0);
  });

  it('the board font draws every letter of every locale (ç, ã, õ, ß, é, ñ, œ…)', () => {
    const missing = new Set<string>();
    for (const locale of LOCALES) {
      for (const [ns, tree] of Object.entries(catalogs[locale] ?? {})) {
        for (const [path, text] of flatten(tree as Tree)) {
          for (const ch of text) if (!/\s/.test(ch) && !fontCovers(ch.codePointAt(0)!)) missing.add(`${locale} ${ns}:${path}: "${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase()})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== SOURCE_LOCALE)) {
    it(`${locale} has every text of ${SOURCE_LOCALE}, nothing more, with the same placeholders and every plural form it needs`, () => {
      const problems: string[] = [];
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const mine = catalogs[locale] ?? {};
      for (const ns of new Set([...Object.keys(source), ...Object.keys(mine)])) {
        const want = flatten((source[ns] ?? {}) as Tree);
        const have = flatten((mine[ns] ?? {}) as Tree);
        const wantBases = new Map<string, string[]>();
        for (const [path, text] of want) {
          const { base } = plural(path);
          wantBases.set(base, [...(wantBases.get(base) ?? []), text]);
        }
        const haveBases = new Map<string, { form: string | null; text: string }[]>();
        for (const [path, text] of have) {
          const { base, form } = plural(path);
          haveBases.set(base, [...(haveBases.get(base) ?? []), { form, text }]);
        }
        for (const [base, texts] of wantBases) {
          const theirs = haveBases.get(base);
          if (!theirs) {
            problems.push(`${ns}:${base} is missing`);
            continue;
          }
          const isPlural = [...want.keys()].some((p) => plural(p).base === base && plural(p).form !== null);
          if (isPlural) {
            for (const form of forms) {
              if (form === 'many' || form === 'zero' || form === 'two' || form === 'few') {
                // Forms English lacks fall back to "other" in i18next; a language that needs one says it.
                if (!theirs.some((t) => t.form === form) && !theirs.some((t) => t.form === 'other')) problems.push(`${ns}:${base} lacks its "${form}" form`);
              } else if (!theirs.some((t) => t.form === form)) problems.push(`${ns}:${base} lacks its "${form}" form`);
            }
          }
          const expected = slots(texts.join(' ')).filter((s) => s !== '{{count}}' || !isPlural);
          for (const { text } of theirs) {
            if (!text.trim()) problems.push(`${ns}:${base} is empty`);
            const got = slots(text).filter((s) => s !== '{{count}}' || !isPlural);
            const missing = expected.filter((s) => !got.includes(s) && !(s.startsWith('{{') && isPlural));
            const extra = got.filter((s) => !expected.includes(s));
            if (missing.length || extra.length) problems.push(`${ns}:${base} says ${JSON.stringify(got)}, the source ${JSON.stringify(expected)}`);
          }
        }
        for (const base of haveBases.keys()) if (!wantBases.has(base)) problems.push(`${ns}:${base} is not in ${SOURCE_LOCALE}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
