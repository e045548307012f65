// The daily siege's messages: the day's leaderboard (edited in place as results come in) and the
// result line, public in the server's language; what is said privately where private threads are
// not allowed; and the name of a daily's thread. A game counts its turns in its own word (Kingdoms'
// rounds), and the leaderboard's column and its tie rule say the same word.
import { EmbedBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { hasText, type Speaker } from '../../i18n/index.js';
import { closesAt, dailyRules, rankEntries, type BoardEntry, type DailyRules } from '../../services/dailyRules.js';
import { soloResult } from '../../services/records/results.js';
import type { Notice } from '../../master/index.js';
import { memberLine, memberText } from './memberText.js';
import { bold, gameTitle, unix } from './words.js';

/** The game's word for its turns (`rounds`, `turns`): it picks the texts that count them. */
const turnUnit = (rules: DailyRules) => (rules.turnUnit === 'rounds' ? 'rounds' : 'turns');

/** "87 points", "+5 points" (a margin), "−1 point": the number as the language writes it, with a true minus. */
function pointsText(sp: Speaker, rules: DailyRules, score: number): string {
  const sign = score < 0 ? '−' : rules.rankBy === 'margin' && score > 0 ? '+' : '';
  return sp.t('discord:daily.points', { count: Math.abs(score), value: `${sign}${sp.number(Math.abs(score))}` });
}

/** "14 turns", "9 rounds". */
function turnsText(sp: Speaker, rules: DailyRules, turns: number): string {
  return sp.t('discord:daily.turnCount', { count: turns, context: turnUnit(rules) });
}

/** The day's leaderboard of one game on one server: rank, name, score, turns. */
export function leaderboardEmbed(sp: Speaker, def: GameDefinition, day: string, entries: BoardEntry[]): EmbedBuilder {
  const rules = dailyRules(def.id);
  const lines = rankEntries(entries).map((e, i) =>
    `\`${String(i + 1).padStart(2)}.\` ${bold(memberText(e.name))} · ${pointsText(sp, rules, e.score)} · ${turnsText(sp, rules, e.turns)}`);
  let text = '';
  for (const line of lines) {
    if (text.length + line.length + 1 > 3800) break;
    text += `${line}\n`;
  }
  const about = sp.t('discord:daily.about', { day, at: `<t:${unix(closesAt(day))}:f>`, context: turnUnit(rules) });
  return new EmbedBuilder()
    .setTitle(sp.t('discord:daily.boardTitle', { game: gameTitle(sp, def), day }).slice(0, 256))
    .setColor(0xc9a227)
    .setDescription(`${text || `${sp.t('discord:daily.noResults')}\n`}\n${about}`)
    .setFooter({ text: sp.t('discord:daily.playIt', { command: `/siege daily play game:${def.id}` }) });
}

/**
 * Where the bot may not make a private thread: the day's deal is never shown where others could
 * see it, so the daily is not played here. `elsewhere`: the channels where it can be.
 */
export function noPrivateThreadHere(sp: Speaker, def: GameDefinition, hereId: string, elsewhere: string[]): string {
  const where = elsewhere.filter((id) => id !== hereId).map((id) => `<#${id}>`);
  const go = where.length
    ? sp.t('discord:daily.playThere', { command: '`/siege daily play`', channels: sp.list(where) })
    : sp.t('discord:daily.askAdmin');
  return `${sp.t('discord:daily.noPrivateThread', { game: gameTitle(sp, def), channel: `<#${hereId}>` })} ${go} ${sp.t('discord:daily.nothingUsed')}`;
}

/** A daily's thread name (plain text): the game, the day, the player. */
export function dailyThreadName(sp: Speaker, def: GameDefinition, day: string, ranked: boolean, name: string): string {
  return sp.t(ranked ? 'discord:daily.threadName' : 'discord:daily.practiceThreadName', { game: gameTitle(sp, def), day, name: memberLine(name) }).slice(0, 100);
}

/** The day and game of a Practice button an older version posted, or null for a button this bot never made. */
export function readPracticeButton(customId: string): { gameType: string; day: string } | null {
  const m = /^daily:practice:([a-z0-9-]{1,40}):(\d{4}-\d{2}-\d{2})$/.exec(customId);
  return m ? { gameType: m[1]!, day: m[2]! } : null;
}

/** How a daily of `gameType` ended, as its result line says it ("held the castle"). */
function verdictText(sp: Speaker, gameType: string, result: 'win' | 'loss' | 'draw'): string {
  const own = `discord:daily.verdict.${gameType}.${result}`;
  return sp.t(hasText(own) ? own : `discord:daily.verdict.default.${result}`);
}

/**
 * The spoiler-free line a finished daily posts in the channel: who, how it ended, the score and
 * the turns, and the streak. Nothing about the deal.
 */
export function dailyResultLine(sp: Speaker, n: Extract<Notice, { type: 'daily-result' }>): string {
  const a = n.attempt;
  const rules = dailyRules(n.def.id);
  const outcome = n.game.outcome;
  const line = sp.t('discord:daily.resultLine', {
    game: bold(gameTitle(sp, n.def)),
    name: memberText(a.name),
    verdict: verdictText(sp, n.def.id, outcome ? soloResult(outcome) : 'loss'),
    points: pointsText(sp, rules, a.score),
    turns: turnsText(sp, rules, a.turns),
  });
  return `🏰 ${line} · 🔥 ${sp.t('discord:daily.streak', { count: Math.max(1, n.streak) })}`;
}
