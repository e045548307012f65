// What the bot says in a game's thread besides its boards (in the server's language): reminders,
// a clock that ran out (with Claim win), a takeback request (with Accept and Decline), a player's
// vacation; and the "your turn" direct message (in its reader's language).
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { Notice } from '../../master/index.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId } from '../customId.js';
import { boardLink } from './links.js';
import type { Row } from './moveComponents.js';
import { bold, gameTitle, unix } from './words.js';
import { sayMove } from '../../services/phrases.js';
import { timeLeft } from '../../services/clocks.js';

const mentions = (ids: string[]) => ids.map((u) => `<@${u}>`).join(' ');

/** A notice in a game's place: its text, who it mentions, its buttons. */
export type NoticeMessage = { content: string; mention: string[]; components: Row[] };

/** "2 d 5 h", "3 h", "20 min": the time left on a clock (one home with the commands': services/clocks.ts). */
export const timeLeftText = (sp: Speaker, at: Date, now: Date): string => timeLeft(at, now, sp);

export function reminderNotice(sp: Speaker, def: GameDefinition, n: Extract<Notice, { type: 'reminder' }>, now: Date): NoticeMessage {
  const { game } = n;
  const deadline = game.deadlineAt!;
  const link = boardLink(game);
  const values = {
    icon: '⏰',
    members: mentions(n.userIds),
    game: bold(gameTitle(sp, def)),
    id: game.id,
    left: timeLeftText(sp, deadline, now),
    when: `<t:${unix(deadline)}:R>`,
    at: `<t:${unix(deadline)}:f>`,
  };
  const text = sp.t(n.late ? 'discord:notice.reminderLate' : 'discord:notice.reminderHalf', values);
  return {
    content: link ? `${text} ${sp.t('discord:notice.board', { link })}` : text,
    mention: n.userIds,
    components: [],
  };
}

export function timedOutNotice(sp: Speaker, def: GameDefinition, n: Extract<Notice, { type: 'timed-out' }>): NoticeMessage {
  const { game } = n;
  const claim = new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'claim', gameId: game.id, version: game.version }))
    .setLabel(sp.t('discord:buttons.claimWin').slice(0, 80))
    .setEmoji('🏆')
    .setStyle(ButtonStyle.Success);
  return {
    content: sp.t('discord:notice.timedOut', {
      count: n.lateIds.length,
      icon: '⌛',
      late: mentions(n.lateIds),
      others: mentions(n.otherIds),
      game: bold(gameTitle(sp, def)),
      id: game.id,
      when: `<t:${unix(n.graceEndsAt)}:R>`,
    }),
    mention: [...n.lateIds, ...n.otherIds],
    components: [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(claim)],
  };
}

export function takebackNotice(sp: Speaker, def: GameDefinition, n: Extract<Notice, { type: 'takeback-asked' }>): NoticeMessage {
  const { game, version } = n;
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-accept', gameId: game.id, version })).setLabel(sp.t('discord:buttons.accept').slice(0, 80)).setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'takeback-decline', gameId: game.id, version })).setLabel(sp.t('discord:buttons.decline').slice(0, 80)).setStyle(ButtonStyle.Danger),
  );
  return {
    content: sp.t('discord:notice.takebackAsked', {
      icon: '↩️',
      mover: `<@${n.moverId}>`,
      opponent: `<@${n.opponentId}>`,
      move: bold(sayMove(sp, n.notationPhrase, n.notation)),
      game: bold(gameTitle(sp, def)),
      id: game.id,
    }),
    mention: [n.opponentId],
    components: [row],
  };
}

/** A player's vacation, told to the other players of one of their games; null when there are none. */
export function vacationNotice(sp: Speaker, n: Extract<Notice, { type: 'vacation' }>): NoticeMessage | null {
  const others = n.game.seats.flatMap((s) => (s.kind === 'human' && s.userId !== n.userId ? [s.userId] : []));
  if (!others.length) return null;
  const values = { others: mentions(others), member: `<@${n.userId}>` };
  const content = n.until
    ? sp.t('discord:notice.vacation', { ...values, icon: '🌴', at: `<t:${unix(n.until)}:f>` })
    : sp.t('discord:notice.vacationOver', { ...values, icon: '🏰' });
  return { content, mention: others, components: [] };
}

/** The "your turn" direct message, for players who asked for one, in their own language. */
export function turnDm(sp: Speaker, def: GameDefinition, game: GameSnapshot, url: string) {
  return { content: sp.t('discord:notice.yourTurnDm', { game: bold(gameTitle(sp, def)), id: game.id, link: url }), allowedMentions: { parse: [] as never[] } };
}
