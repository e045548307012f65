// The daily siege's messages: the day's leaderboard (edited in place as results come in), the
// offer of an unranked practice where private threads are not allowed, and the result line.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { closesAt, dailyRules, leaderboardLines, resultLine, type BoardEntry } from '../../services/dailyRules.js';
import type { Notice } from '../../services/master/index.js';
import { memberText } from './memberText.js';

export const PRACTICE_PREFIX = 'daily:practice:';
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

/** Where private threads are not allowed: the same deal as an unranked practice game others can see. */
export function practiceOffer(def: GameDefinition, day: string) {
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(`${PRACTICE_PREFIX}${def.id}:${day}`).setLabel('Practice (unranked)').setStyle(ButtonStyle.Secondary),
  );
  return {
    content:
      `I may not create private threads here (that needs the Create Private Threads permission), so today's ${def.title} daily siege cannot be ranked here. ` +
      `You can play the same deal as an unranked practice game that others here can see. It uses today's attempt at ${def.title}.`,
    components: [row],
    allowedMentions: { parse: [] as never[] },
  };
}

/** The practice button's day and game, or null for a button this bot never made. */
export function readPracticeButton(customId: string): { gameType: string; day: string } | null {
  const m = /^daily:practice:([a-z0-9-]{1,40}):(\d{4}-\d{2}-\d{2})$/.exec(customId);
  return m ? { gameType: m[1]!, day: m[2]! } : null;
}

/** The spoiler-free line a finished daily posts in the channel. */
export function dailyResultLine(n: Extract<Notice, { kind: 'daily-result' }>): string {
  const a = n.attempt;
  return resultLine({ title: n.def.title, name: memberText(a.name), rules: dailyRules(n.def.id), outcome: n.game.outcome, score: a.score, turns: a.turns, streak: n.streak });
}
