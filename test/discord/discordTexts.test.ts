// The adapter's texts as readers meet them: every key the adapter names exists in the catalogs;
// an option refused names the option as the presser's client shows it, in their language; the
// daily leaderboard and result line count in the game's own word, in each language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/index.js';
import { LOCALES, readCatalogs, speaker } from '../../src/i18n/index.js';
import { wrongOption } from '../../src/discord/optionCheck.js';
import { dailyResultLine, leaderboardEmbed } from '../../src/discord/views/daily.js';
import type { Notice } from '../../src/master/index.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/** Every text of a catalog by its dotted path. */
function flatten(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object' ? flatten(value as Record<string, unknown>, at) : [at];
  });
}

describe("the Discord adapter's texts", () => {
  it('every key the adapter and its commands name is in the catalog (as it is, or in its plural or context forms)', () => {
    const known = new Set(flatten(readCatalogs()['en-US']!.discord as Record<string, unknown>));
    const named = new Set<string>();
    for (const file of [...sources('src/discord'), ...sources('commands')]) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'discord:([a-zA-Z.]+)'/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(100);
    const missing = [...named].filter((key) => !known.has(key) && ![...known].some((k) => k.startsWith(`${key}_`)));
    expect(missing).toEqual([]);
  });

  it('a wrong option is named as the presser sees it, in their language', () => {
    const command = { options: [{ type: 1, name: 'move', options: [{ type: 3, name: 'notation', name_localizations: { de: 'zug', fr: 'coup' }, required: true, max_length: 100 }] }] };
    const given = (locale: string) => ({ locale, options: { data: [{ type: 1, name: 'move', options: [{ type: 3, name: 'notation', value: 42 }] }] } }) as unknown as ChatInputCommandInteraction;
    expect(wrongOption(speaker('de'), command, given('de'))).toBe('Die Option `zug` muss ein Text mit höchstens 100 Zeichen sein; 42 ist es nicht. Es wurde nichts getan.');
    expect(wrongOption(speaker('fr'), command, given('fr'))).toBe('L’option `coup` doit être un texte d’au plus 100 caractères\u00a0; 42 ne convient pas. Rien n’a été fait.');
    expect(wrongOption(speaker('en-US'), command, given('en-US'))).toBe('The option `notation` must be text of at most 100 characters; 42 is not. Nothing was done.');
  });

  it('the daily leaderboard and result line count rounds for a Kingdoms game, turns for Two Deck Siege, in every language', () => {
    const day = '2026-11-27';
    const entries = [{ userId: '1', name: 'alice', score: 9, turns: 1, finishedAt: new Date(`${day}T10:00:00Z`) }];
    const rounds = { 'en-US': 'rounds', de: 'Runden', 'es-ES': 'rondas', fr: 'manches', 'pt-BR': 'rodadas' } as const;
    const round = { 'en-US': '1 round', de: '1 Runde', 'es-ES': '1 ronda', fr: '1 manche', 'pt-BR': '1 rodada' } as const;
    for (const locale of LOCALES) {
      const embed = leaderboardEmbed(speaker(locale), gameById('kingdoms-siege')!, day, entries).toJSON();
      expect(embed.description, locale).toContain(rounds[locale]);
      expect(embed.description, locale).toContain(round[locale]);
    }
    const notice = (gameType: string, turns: number) => ({
      type: 'daily-result', def: gameById(gameType)!, streak: 3, channelId: 'c',
      game: { outcome: { winners: [0], draw: false, reason: '', scores: [87] } },
      attempt: { name: 'alice', score: 87, turns },
    }) as unknown as Extract<Notice, { type: 'daily-result' }>;
    expect(dailyResultLine(speaker('en-US'), notice('two-deck-siege', 14))).toBe('🏰 **Two Deck Siege** daily: alice held the castle: 87 points in 14 turns · 🔥 3-day streak');
    expect(dailyResultLine(speaker('de'), notice('two-deck-siege', 14))).toBe('🏰 **Zwei-Stapel-Belagerung**, tägliche Belagerung: alice hat die Burg gehalten: 87 Punkte in 14 Runden · 🔥 3 Tage in Folge');
    const title = speaker('fr').t('kingdoms-siege:title');
    expect(dailyResultLine(speaker('fr'), notice('kingdoms-siege', 1))).toBe(`🏰 **${title}**, siège du jour\u00a0: alice a pris les terres de l’Ennemi\u00a0: 87 points en 1 manche · 🔥 série de 3 jours`);
  });
});
