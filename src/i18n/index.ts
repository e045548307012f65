// The bot's languages: one JSON catalog per locale and namespace in assets/locales/<locale>/
// <namespace>.json, en-US the source, read once (i18next). Everything a player reads is looked
// up here, in the reader's locale: a private answer in the presser's, a public message and a
// board in the server's. A key missing in a locale falls back to en-US; the catalogs test
// (test/i18n/catalogs.test.ts) keeps every locale complete.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TOptions } from 'i18next';
import type { Phrase, PhraseValue } from '../engine/phrase.js';
import { PROJECT_ROOT } from '../config/env.js';

export const LOCALES = ['en-US', 'de', 'es-ES', 'fr', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en-US';

export const LOCALES_DIR = path.join(PROJECT_ROOT, 'assets', 'locales');

/** The languages as their speakers name them (the `/siege config language:` choices). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  de: 'Deutsch',
  'es-ES': 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
};

export function isLocale(code: unknown): code is Locale {
  return typeof code === 'string' && (LOCALES as readonly string[]).includes(code);
}

/** Discord's locale code (an interaction's, a server's) as one of the bot's: its nearest, else English. */
export function localeOf(code: string | null | undefined): Locale {
  if (!code) return SOURCE_LOCALE;
  if ((LOCALES as readonly string[]).includes(code)) return code as Locale;
  const language = code.split('-')[0]!.toLowerCase();
  if (language === 'es') return 'es-ES';
  if (language === 'pt') return 'pt-BR';
  if (language === 'de') return 'de';
  if (language === 'fr') return 'fr';
  return SOURCE_LOCALE;
}

/** Every catalog: locale → namespace → keys. */
export function readCatalogs(dir = LOCALES_DIR): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const locale of LOCALES) {
    out[locale] = {};
    let files: string[] = [];
    try {
      files = readdirSync(path.join(dir, locale)).filter((f) => f.endsWith('.json'));
    } catch {
      continue; // a locale without catalogs falls back to en-US
    }
    for (const file of files) out[locale]![file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, locale, file), 'utf8')) as Record<string, unknown>;
  }
  return out;
}

let instance: i18n | null = null;

/** The one i18next instance, made at first use from the catalogs on disk. */
function catalogs(): i18n {
  if (instance) return instance;
  const resources = readCatalogs();
  const namespaces = Object.keys(resources[SOURCE_LOCALE] ?? {});
  const made = i18next.createInstance();
  void made.init({
    resources,
    lng: SOURCE_LOCALE,
    fallbackLng: SOURCE_LOCALE,
    supportedLngs: [...LOCALES],
    ns: namespaces,
    defaultNS: 'common',
    // Our texts go into Discord messages and SVG, each escaped where it lands: not HTML here.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance = made;
  return made;
}

/**
 * Texts already said, by locale, key and values. The catalogs never change while the bot runs, so
 * a text is the same every time; a board says the same few dozen (its buttons, its choices) on
 * every move, and i18next's lookup and interpolation cost about 40 µs each. Bounded: emptied when full.
 */
const said = new Map<string, string>();
const SAID_MAX = 20_000;

/** The cache key of a text, or null when its values cannot be written down (then it is not kept). */
function saidKey(locale: Locale, key: string, values: TOptions): string | null {
  try {
    return `${locale}\u0000${key}\u0000${JSON.stringify(values)}`;
  } catch {
    return null;
  }
}

/**
 * Texts without values, by locale, then key: most of a board's texts (its buttons, its headings).
 * The keys are the code's own, and the map is emptied when full like `said`; no key string is
 * built or hashed anew on each look-up.
 */
const saidPlain = new Map<Locale, Map<string, string>>();

function noValues(values: TOptions | undefined): boolean {
  for (const _ in values) return false;
  return true;
}

/** `key` ("namespace:path.to.key") in `locale`, with `values` put in. */
export function t(locale: Locale, key: string, values?: TOptions): string {
  if (noValues(values)) {
    let texts = saidPlain.get(locale);
    if (!texts) saidPlain.set(locale, (texts = new Map()));
    let text = texts.get(key);
    if (text === undefined) {
      if (texts.size >= SAID_MAX) texts.clear();
      texts.set(key, (text = catalogs().t(key, { lng: locale }) as string));
    }
    return text;
  }
  values ??= {};
  const cacheKey = saidKey(locale, key, values);
  const kept = cacheKey === null ? undefined : said.get(cacheKey);
  if (kept !== undefined) return kept;
  const text = catalogs().t(key, { ...values, lng: locale }) as string;
  if (cacheKey !== null) {
    if (said.size >= SAID_MAX) said.clear();
    said.set(cacheKey, text);
  }
  return text;
}

/** Whether a key has a text, by key and form (see `said`). */
const existing = new Map<string, boolean>();

/** What picks a form of a text: a number for plurals (`_one`, `_other`), a context (`_cavalry`). */
export type TextForm = { count?: number; context?: string };

/**
 * Whether `key` has a text in en-US (every other locale then has one too, or falls back). A
 * plural key exists only as its forms (`_one`, `_other`), and a key may exist only in contexts:
 * give the `count` or `context` that picks one.
 */
export function hasText(key: string, form: TextForm = {}): boolean {
  const cacheKey = `${key}\u0000${form.count ?? ''}\u0000${form.context ?? ''}`;
  let found = existing.get(cacheKey);
  if (found === undefined) {
    if (existing.size >= SAID_MAX) existing.clear();
    existing.set(cacheKey, (found = catalogs().exists(key, { lng: SOURCE_LOCALE, ...form })));
  }
  return found;
}

/** The count and context among a phrase's values: they pick its text's form. */
export function formOf(phrase: Phrase): TextForm {
  const { count, context } = phrase.values ?? {};
  return { ...(typeof count === 'number' ? { count } : {}), ...(typeof context === 'string' ? { context } : {}) };
}

/** Intl formatters, made once per locale: making one costs far more than using it. */
function once<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let f = made.get(locale);
    if (!f) made.set(locale, (f = make(locale)));
    return f;
  };
}
const listFormat = once((locale) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));
const numberFormat = once((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }));

/** A list of texts joined as `locale` joins them ("A, B and C", "A, B und C"). */
export function joinList(locale: Locale, items: string[]): string {
  return listFormat(locale).format(items);
}

/** A number as `locale` writes it. */
export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(locale).format(value);
}

/**
 * A phrase in `locale`. Its key names a catalog (`ns:path`), or is looked up in `namespace` (the
 * game's); values that are phrases are said first. A phrase whose key no catalog has is said by
 * `fallback` (the English the engine wrote beside it), so an older stored phrase never shows a key.
 */
export function say(locale: Locale, phrase: Phrase, namespace: string, fallback?: string): string {
  const key = phrase.key.includes(':') ? phrase.key : `${namespace}:${phrase.key}`;
  if (!hasText(key, formOf(phrase))) return fallback ?? phrase.key;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(phrase.values ?? {})) values[name] = sayValue(locale, value, namespace);
  return t(locale, key, values);
}

function sayValue(locale: Locale, value: PhraseValue, namespace: string): unknown {
  if (Array.isArray(value)) return joinList(locale, value.map((p) => say(locale, p, namespace)));
  if (value && typeof value === 'object') return say(locale, value, namespace);
  return value;
}

/** Says `phrase` when there is one, else the English text. */
export function sayOr(locale: Locale, phrase: Phrase | undefined, namespace: string, english: string): string {
  return phrase ? say(locale, phrase, namespace, english) : english;
}

/**
 * Everything said to one reader, in their locale: catalog texts (`t('discord:board.turn')`), the
 * engines' phrases, lists and numbers as the language writes them.
 */
export type Speaker = {
  locale: Locale;
  t(key: string, values?: TOptions): string;
  say(phrase: Phrase, namespace: string, fallback?: string): string;
  sayOr(phrase: Phrase | undefined, namespace: string, english: string): string;
  list(items: string[]): string;
  number(value: number): string;
};

const speakers = new Map<Locale, Speaker>();

export function speaker(locale: Locale): Speaker {
  let made = speakers.get(locale);
  if (!made) {
    made = {
      locale,
      t: (key, values) => t(locale, key, values),
      say: (phrase, namespace, fallback) => say(locale, phrase, namespace, fallback),
      sayOr: (phrase, namespace, english) => sayOr(locale, phrase, namespace, english),
      list: (items) => joinList(locale, items),
      number: (value) => formatNumber(locale, value),
    };
    speakers.set(locale, made);
  }
  return made;
}
