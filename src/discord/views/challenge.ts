// A challenge as posted (who plays which colour, the options, the clock, Accept and Decline), and
// what its message becomes once it is answered or expires.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { ChallengeRow } from '../../services/challenges.js';
import { encodeCustomId } from '../customId.js';
import { jumpLink } from './links.js';
import { memberText } from './memberText.js';

export function challengeEmbed(title: string, lines: string[]): EmbedBuilder {
  return new EmbedBuilder().setTitle(title.slice(0, 256)).setDescription(lines.join('\n').slice(0, 4000)).setColor(0xc9a227);
}

/** The options as they will be played: each given value, else the option's default. */
export function optionsAsPlayed(def: GameDefinition, raw: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const spec of def.optionSpecs ?? []) {
    const value = raw[spec.name] ?? spec.default;
    if (value === undefined) continue;
    // A value typed rather than picked (an option offered by autocomplete) is shown as typed, inert.
    const label = spec.choices?.find((c) => c.value === String(value))?.name ?? memberText(String(value));
    parts.push(`${spec.name}: ${label}`);
  }
  return parts.length ? parts.join(', ') : 'none';
}

/** A challenge as posted: who plays which colour, the options, the clock, Accept and Decline. It pings the one challenged. */
export function challengeMessage(def: GameDefinition, c: ChallengeRow, rematchOf?: number) {
  const expires = Math.floor(c.expiresAt.getTime() / 1000);
  const seats = c.challengerSeat === 1 ? [c.opponentId, c.challengerId] : [c.challengerId, c.opponentId];
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'accept', challengeId: c.id })).setLabel('Accept').setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'decline', challengeId: c.id })).setLabel('Decline').setStyle(ButtonStyle.Secondary),
  );
  const what = rematchOf ? `a rematch of game #${rematchOf} (colours swapped)` : `**${def.title}**`;
  return {
    content: `<@${c.opponentId}>, <@${c.challengerId}> challenges you to ${what}!`,
    embeds: [challengeEmbed(`${def.title} ${rematchOf ? 'rematch' : 'challenge'}`, [
      `${def.seatNames?.[0] ?? 'Player 1'}: <@${seats[0]}> (moves first)`,
      `${def.seatNames?.[1] ?? 'Player 2'}: <@${seats[1]}>`,
      `Options: ${optionsAsPlayed(def, c.options as Record<string, unknown>)}`,
      `Clock: ${c.clockSeconds === null ? 'none' : `${c.clockSeconds / 86_400} day(s) per move`}`,
      `Expires <t:${expires}:R>. Only <@${c.opponentId}> can accept.`,
    ])],
    components: [row],
    allowedMentions: { users: [c.opponentId] },
  };
}

/** What an accepted challenge's message becomes. */
export function acceptedText(title: string, c: ChallengeRow, where: string | null): string {
  return `<@${c.opponentId}> accepted <@${c.challengerId}>'s challenge to ${title}. The game is on in ${where ?? 'this channel'}.`;
}

/** What a challenge's message becomes when nobody answered it in time. */
export function expiredEdit(c: ChallengeRow) {
  return {
    content: `The challenge from <@${c.challengerId}> to <@${c.opponentId}> expired without an answer.`,
    embeds: [],
    components: [],
    allowedMentions: { parse: [] as never[] },
  };
}

/** " It is here: <link>" for an asked rematch: its game once accepted, else its challenge message. */
export function rematchWhere(c: ChallengeRow | null): string {
  if (!c) return '';
  if (c.gameId) return ` It became game #${c.gameId}.`;
  if (c.messageId) return ` It is here: ${jumpLink(c.guildId, c.channelId, c.messageId)} (${c.status === 'PENDING' ? 'waiting for an answer' : c.status.toLowerCase()}).`;
  return '';
}

/** " It is here: <link>" for a challenge waiting for an answer, once its message is posted. */
export function pendingWhere(c: ChallengeRow | null): string {
  return c?.messageId ? ` It is here: ${jumpLink(c.guildId, c.channelId, c.messageId)}` : '';
}
