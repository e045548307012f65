// The `/siege` command as Discord receives it, in every language: Discord's own checks (names,
// descriptions, localizations, the size at each field's longest translation) pass; a German client
// sees German names and descriptions; names stay unique among siblings in every locale; and every
// command a text of commands.json quotes is named as that locale's client shows it.
import { describe, expect, it } from 'vitest';
import { buildSiegeCommand } from '../../commands/index.js';
import { FormErrors } from '../harness/formErrors.js';
import { COMMAND_SIZE_LIMIT, commandSize, validateCommands } from '../harness/interactionLimits.js';
import { LOCALES, readCatalogs, t, type Locale } from '../../src/i18n/index.js';

type Node = {
  type?: number;
  name: string;
  description: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Node[];
  choices?: { name: string; value: string | number; name_localizations?: Record<string, string> | null }[];
};

const command = buildSiegeCommand().toJSON() as unknown as Node;
const nameIn = (n: { name: string; name_localizations?: Record<string, string> | null }, locale: Locale) => n.name_localizations?.[locale] ?? n.name;
const child = (n: Node, name: string) => n.options!.find((o) => o.name === name)!;
const isCommand = (n: Node) => n.type === 1 || n.type === 2;

describe('the /siege command definition', () => {
  it("passes Discord's checks, localizations and size included", () => {
    const errors = new FormErrors();
    validateCommands([command], errors);
    expect(errors.list).toEqual([]);
    expect(commandSize(command as never)).toBeLessThanOrEqual(COMMAND_SIZE_LIMIT);
  });

  it('given a German client, then /siege, its subcommands, options and choices read in German', () => {
    const de = (n: Node) => ({ name: nameIn(n, 'de'), description: n.description_localizations?.de ?? n.description });
    expect(de(command).description).toBe('Strategie-Brettspiele rund um Belagerungen');
    const start = child(command, 'start');
    expect(de(start).name).toBe('starten');
    const dice = child(start, 'dice-realms');
    expect(de(dice)).toEqual({ name: 'würfelreiche', description: t('de', 'dice-realms:summary') });
    expect(dice.options!.map((o) => nameIn(o, 'de'))).toEqual(['gegner', 'ki', 'uhr', 'variante', 'verteidigung', 'verteidigung-rot', 'verteidigung-blau']);
    expect(child(dice, 'ai').choices!.map((c) => nameIn(c, 'de'))).toEqual(['leicht', 'normal', 'schwer']);
    expect(de(child(dice, 'defence')).description).toBe(t('de', 'dice-realms:options.defence.description'));
    expect(child(dice, 'variant').choices!.map((c) => nameIn(c, 'de'))).toEqual(['klassisch', 'schnell']);
    // Siege Master keeps its name, as its catalog's title does.
    expect(de(child(start, 'siege-master')).name).toBe('siege-master');
    const config = child(command, 'config');
    expect(de(config)).toEqual({ name: 'einstellungen', description: 'Servereinstellungen (Server verwalten)' });
    expect(child(config, 'clock').choices!.map((c) => nameIn(c, 'de'))).toEqual(['1 Tag pro Zug', '2 Tage pro Zug', '3 Tage pro Zug', '7 Tage pro Zug', '14 Tage pro Zug', 'ohne Uhr']);
    // The languages are offered by their own names, whatever the reader's.
    expect(child(config, 'language').choices!.map((c) => nameIn(c, 'de'))).toEqual(['Die des Servers', 'English', 'Deutsch', 'Español', 'Français', 'Português (Brasil)']);
    expect(de(child(child(command, 'vacation'), 'start')).description).toBe('Alle deine Uhren anhalten (höchstens 14 Tage in 30 Tagen)');
  });

  it('given a Latin American Spanish client, then it reads the Spanish names', () => {
    const start = child(command, 'start');
    expect(start.name_localizations?.['es-419']).toBe(start.name_localizations?.['es-ES']);
    expect(child(start, 'two-deck-siege').name_localizations?.['es-419']).toBe('asedio-a-dos-mazos');
  });

  it('gives no two siblings the same name in any locale', () => {
    const clashes: string[] = [];
    const visit = (n: Node, path: string) => {
      const kids = n.options ?? [];
      for (const locale of LOCALES) {
        const seen = new Map<string, string>();
        for (const k of kids) {
          const name = nameIn(k, locale);
          if (seen.has(name)) clashes.push(`${locale} ${path}: ${seen.get(name)} and ${k.name} are both "${name}"`);
          seen.set(name, k.name);
        }
        const choices = new Set<string>();
        for (const c of n.choices ?? []) {
          if (choices.has(nameIn(c, locale))) clashes.push(`${locale} ${path}: two choices "${nameIn(c, locale)}"`);
          choices.add(nameIn(c, locale));
        }
      }
      for (const k of kids) visit(k, `${path} ${k.name}`);
    };
    visit(command, '/siege');
    expect(clashes).toEqual([]);
  });

  it("names every command a text quotes as that locale's client shows it, options included", () => {
    const problems: string[] = [];
    const catalogs = readCatalogs();
    for (const locale of LOCALES) {
      const optionNames = new Set<string>();
      const collect = (n: Node) => (n.options ?? []).forEach((o) => { if (!isCommand(o)) optionNames.add(nameIn(o, locale)); collect(o); });
      collect(command);
      const texts: string[] = [];
      const gather = (v: unknown) => { if (typeof v === 'string') texts.push(v); else if (v && typeof v === 'object') Object.values(v).forEach(gather); };
      gather(catalogs[locale]!.commands);
      for (const text of texts) {
        for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
          if (span!.includes('{{')) continue;
          const words = span!.split(' ');
          if (words[0] !== '/siege') {
            const option = /^([^:\s]+):/.exec(span!);
            if (option && !optionNames.has(option[1]!)) problems.push(`${locale}: "${span}" names no option`);
            continue;
          }
          let at: Node = command;
          for (const word of words.slice(1)) {
            if (/^[<[]/.test(word)) break;
            const option = /^([^:]+):/.exec(word);
            if (option) {
              if (!(at.options ?? []).some((o) => !isCommand(o) && nameIn(o, locale) === option[1])) problems.push(`${locale}: "${span}": no option "${option[1]}"`);
              continue;
            }
            if (!(at.options ?? []).some(isCommand)) continue;
            const next = at.options!.find((o) => isCommand(o) && nameIn(o, locale) === word);
            if (!next) {
              problems.push(`${locale}: "${span}": "${word}" is no command here (${at.options!.filter(isCommand).map((o) => nameIn(o, locale)).join(', ')})`);
              break;
            }
            at = next;
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
