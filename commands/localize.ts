// Command names and descriptions in every language, from the catalogs: Discord shows each member
// the `/siege` command in their client's language. A locale whose text is the English one is left
// out (Discord then shows the default), and Latin American Spanish clients get the Spanish text.
import type { TOptions } from 'i18next';
import { LOCALES, SOURCE_LOCALE, hasText, t, type Locale } from '../src/i18n/index.js';

/** Discord's locales each of ours also speaks to. */
const ALSO_FOR: Partial<Record<Locale, string[]>> = { 'es-ES': ['es-419'] };

/** The texts of `key` in every locale but en-US, keyed by Discord's locale codes; null when there is no such key. */
export function localizations(key: string, values: TOptions = {}): Record<string, string> | null {
  if (!hasText(key, typeof values.count === 'number' ? { count: values.count } : {})) return null;
  const english = t(SOURCE_LOCALE, key, values);
  const out: Record<string, string> = {};
  for (const locale of LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const text = t(locale, key, values);
    if (text === english) continue;
    for (const code of [locale, ...(ALSO_FOR[locale] ?? [])]) out[code] = text;
  }
  return Object.keys(out).length ? out : null;
}

type Localizable = {
  setDescription(text: string): unknown;
  setNameLocalizations(map: Record<string, string> | null): unknown;
  setDescriptionLocalizations(map: Record<string, string> | null): unknown;
};

/**
 * Gives a command, subcommand or option its description (en-US) and both localizations from
 * `<key>.name` and `<key>.description` (`values` fill the description's placeholders). The name
 * itself stays as the code declares it: it is what the bot receives, whatever the reader's language.
 */
export function localized<B extends Localizable>(builder: B, key: string, values: TOptions = {}): B {
  return localizedAs(builder, { name: `${key}.name`, description: `${key}.description` }, undefined, values);
}

/**
 * Like `localized`, from any two keys (a game's subcommand: `<game>:command`, `<game>:summary`).
 * `english` is the description where the catalogs have no such text (a game without a catalog),
 * which then has no localizations.
 */
export function localizedAs<B extends Localizable>(builder: B, keys: { name: string; description: string }, english?: string, values: TOptions = {}): B {
  const known = hasText(keys.description);
  builder.setDescription((known ? t(SOURCE_LOCALE, keys.description, values) : english ?? keys.description).slice(0, 100));
  builder.setDescriptionLocalizations(known ? localizations(keys.description, values) : null);
  builder.setNameLocalizations(localizations(keys.name));
  return builder;
}

/**
 * A choice with its name in every language, from `key` (`values` fill its placeholders and, with
 * a `count`, pick each language's plural form); `english` where the catalogs have no such text.
 */
export function localizedChoice<V extends string | number>(
  key: string,
  value: V,
  english?: string,
  values: TOptions = {},
): { name: string; value: V; name_localizations?: Record<string, string> } {
  if (!hasText(key, typeof values.count === 'number' ? { count: values.count } : {})) return { name: (english ?? String(value)).slice(0, 100), value };
  const map = localizations(key, values);
  return { name: t(SOURCE_LOCALE, key, values), value, ...(map ? { name_localizations: map } : {}) };
}
