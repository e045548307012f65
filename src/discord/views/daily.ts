// The daily siege's messages: the day's leaderboard (edited in place as results come in), what is
// said where private threads are not allowed, and the result line.
import { EmbedBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { closesAt, dailyRules, leaderboardLines, resultLine, type BoardEntry } from '../../services/dailyRules.js';
import type { Notice } from '../../services/master/index.js';
import { memberText } from './memberText.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The day's leaderboard of one game on one server. */
export function leaderboardEmbed(def: GameDefinition, day: string, entries: BoardEntry[]): EmbedBuilder {
  const lines = leaderboardLines(dailyRules(def.id), entries.map((e) => ({ ...e, name: memberText(e.name) })));
  let text = '';
  for (const line of lines) {
    if (text.length + line.length + 1 > 3800) break;
    text += `${line}\n`;
  }
  return new EmbedBuilder()
    .setTitle(`Daily siege · ${def.title} · ${day}`)
    .setColor(0xc9a227)
    .setDescription(`${text || 'No results yet.\n'}\nThe same deal for everyone on ${day}. Ties go to fewer turns, then to who finished first. Open until <t:${unix(closesAt(day))}:f>.`)
    .setFooter({ text: `Play it: /siege daily play game:${def.id}` });
}

/**
 * Where the bot may not make a private thread: the day's deal is never shown where others could
 * see it, so the daily is not played here. `elsewhere`: the channels where it can be.
 */
export function noPrivateThreadHere(def: GameDefinition, hereId: string, elsewhere: string[]): string {
  const where = elsewhere.filter((id) => id !== hereId).map((id) => `<#${id}>`);
  const go = where.length
    ? `Run \`/siege daily play\` in ${where.join(', ')}, where I can.`
    : 'Ask a server admin for a text channel where I have the Create Private Threads permission.';
  return `Today's ${def.title} daily siege is played in a private thread, so that nobody sees the day's deal before it closes, and I may not create private threads in <#${hereId}>. ${go} Nothing was used up.`;
}

/** The day and game of a Practice button an older version posted, or null for a button this bot never made. */
export function readPracticeButton(customId: string): { gameType: string; day: string } | null {
  const m = /^daily:practice:([a-z0-9-]{1,40}):(\d{4}-\d{2}-\d{2})$/.exec(customId);
  return m ? { gameType: m[1]!, day: m[2]! } : null;
}

/** The spoiler-free line a finished daily posts in the channel. */
export function dailyResultLine(n: Extract<Notice, { kind: 'daily-result' }>): string {
  const a = n.attempt;
  return resultLine({ title: n.def.title, name: memberText(a.name), rules: dailyRules(n.def.id), outcome: n.game.outcome, score: a.score, turns: a.turns, streak: n.streak });
}
