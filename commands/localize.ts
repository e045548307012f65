// Command names and descriptions in every language, from the catalogs: Discord shows each member
// the `/siege` command in their client's language. A locale whose text is the English one is left
// out (Discord then shows the default), and Latin American Spanish clients get the Spanish text.
import { LOCALES, SOURCE_LOCALE, hasText, t, type Locale } from '../src/i18n/index.js';

/** Discord's locales each of ours also speaks to. */
const ALSO_FOR: Partial<Record<Locale, string[]>> = { 'es-ES': ['es-419'] };

/** The texts of `key` in every locale but en-US, keyed by Discord's locale codes; null when there is no such key. */
export function localizations(key: string): Record<string, string> | null {
  if (!hasText(key)) return null;
  const english = t(SOURCE_LOCALE, key);
  const out: Record<string, string> = {};
  for (const locale of LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const text = t(locale, key);
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
 * `<key>.name` and `<key>.description`. The name itself stays as the code declares it.
 */
export function localized<B extends Localizable>(builder: B, key: string): B {
  builder.setDescription(t(SOURCE_LOCALE, `${key}.description`));
  builder.setDescriptionLocalizations(localizations(`${key}.description`));
  builder.setNameLocalizations(localizations(`${key}.name`));
  return builder;
}

/** A choice with its name in every language, from `key`. */
export function localizedChoice<V extends string | number>(key: string, value: V): { name: string; value: V; name_localizations?: Record<string, string> } {
  const map = localizations(key);
  return { name: t(SOURCE_LOCALE, key), value, ...(map ? { name_localizations: map } : {}) };
}
