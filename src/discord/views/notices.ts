// What the bot says in a game's thread besides its boards: reminders, a clock that ran out (with
// Claim win), a takeback request (with Accept and Decline), a player's vacation; and the "your
// turn" direct message.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { timeLeft } from '../../services/clocks.js';
import type { Notice } from '../../services/master/index.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId } from '../customId.js';
import { boardLink } from './links.js';
import type { Row } from './moveComponents.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const mentions = (ids: string[]) => ids.map((u) => `<@${u}>`).join(' ');

/** A notice in a game's place: its text, who it mentions, its buttons. */
export type NoticeMessage = { content: string; mention: string[]; components: Row[] };

export function reminderNotice(def: GameDefinition, n: Extract<Notice, { kind: 'reminder' }>, now: Date): NoticeMessage {
  const { game } = n;
  const deadline = game.deadlineAt!;
  const link = boardLink(game);
  const lead = n.late ? `only ${timeLeft(deadline, now)} left` : 'half your time is gone';
  return {
    content:
      `⏰ ${mentions(n.userIds)}, it is your move in **${def.title}** (game #${game.id}): ${lead}. ` +
      `The clock runs out <t:${unix(deadline)}:R> (<t:${unix(deadline)}:f>).${link ? ` Board: ${link}` : ''}`,
    mention: n.userIds,
    components: [],
  };
}

export function timedOutNotice(def: GameDefinition, n: Extract<Notice, { kind: 'timed-out' }>): NoticeMessage {
  const { game } = n;
  const claim = new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'claim', gameId: game.id, version: game.version }))
    .setLabel('Claim win')
    .setEmoji('🏆')
    .setStyle(ButtonStyle.Success);
  return {
    content:
      `⌛ ${mentions(n.lateIds)} ran out of time in **${def.title}** (game #${game.id}). ` +
      `${mentions(n.otherIds)}, you may claim the win now; it is yours automatically <t:${unix(n.graceEndsAt)}:R> ` +
      'unless a move is made before then.',
    mention: [...n.lateIds, ...n.otherIds],
    components: [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(claim)],
  };
}

export function takebackNotice(def: GameDefinition, n: Extract<Notice, { kind: 'takeback-asked' }>): NoticeMessage {
  const { game, version } = n;
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-accept', gameId: game.id, version })).setLabel('Accept').setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-decline', gameId: game.id, version })).setLabel('Decline').setStyle(ButtonStyle.Danger),
  );
  return {
    content: `↩️ <@${n.moverId}> asks to take back **${n.notation}** in **${def.title}** (game #${game.id}). <@${n.opponentId}>, accept or decline before you move; a move of yours declines it.`,
    mention: [n.opponentId],
    components: [row],
  };
}

/** A player's vacation, told to the other players of one of their games; null when there are none. */
export function vacationNotice(n: Extract<Notice, { kind: 'vacation' }>): NoticeMessage | null {
  const others = n.game.seats.flatMap((s) => (s.kind === 'human' && s.userId !== n.userId ? [s.userId] : []));
  if (!others.length) return null;
  const text = n.until
    ? `🌴 <@${n.userId}> is on vacation until <t:${unix(n.until)}:f>. Their move clocks are paused: deadlines move forward by the time away.`
    : `🏰 <@${n.userId}> is back from vacation; their move clocks run again.`;
  return { content: `${mentions(others)}: ${text}`, mention: others, components: [] };
}

/** The "your turn" direct message, for players who asked for one. */
export function turnDm(def: GameDefinition, game: GameSnapshot, url: string) {
  return { content: `Your turn in **${def.title}** (game #${game.id}): ${url}`, allowedMentions: { parse: [] as never[] } };
}
