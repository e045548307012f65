// A challenge as posted (who plays which colour, the options, the clock, Accept and Decline), and
// what its message becomes once it is answered or expires: public, in the server's language.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { ChallengeRow } from '../../services/challenges.js';
import { encodeCustomId } from '../customId.js';
import { jumpLink } from './links.js';
import { memberText } from './memberText.js';
import { bold, gameText, gameTitle, seatName, unix } from './words.js';

const DAY_SECONDS = 86_400;

export function challengeEmbed(title: string, lines: string[]): EmbedBuilder {
  return new EmbedBuilder().setTitle(title.slice(0, 256)).setDescription(lines.join('\n').slice(0, 4000)).setColor(0xc9a227);
}

/** The options as they will be played: each given value, else the option's default. */
export function optionsAsPlayed(sp: Speaker, def: GameDefinition, raw: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const spec of def.optionSpecs ?? []) {
    const value = raw[spec.name] ?? spec.default;
    if (value === undefined) continue;
    // A value typed rather than picked (an option offered by autocomplete) is shown as typed, inert.
    const choice = spec.choices?.find((c) => c.value === String(value));
    const label = choice ? gameText(sp, def, `options.${spec.name}.choices.${choice.value}`, choice.name) : memberText(String(value));
    parts.push(`${gameText(sp, def, `options.${spec.name}.name`, spec.name)}: ${label}`);
  }
  return parts.length ? parts.join(', ') : sp.t('discord:challenge.noOptions');
}

/** "2 days per move", "no clock". */
export function clockText(sp: Speaker, seconds: number | null): string {
  if (seconds === null) return sp.t('discord:challenge.noClock');
  return seconds % DAY_SECONDS === 0
    ? sp.t('discord:challenge.daysPerMove', { count: seconds / DAY_SECONDS })
    : sp.t('discord:challenge.hoursPerMove', { count: Math.round(seconds / 3600) });
}

/** A challenge as posted: who plays which colour, the options, the clock, Accept and Decline. It pings the one challenged. */
export function challengeMessage(sp: Speaker, def: GameDefinition, c: ChallengeRow, rematchOf?: number) {
  const seats = c.challengerSeat === 1 ? [c.opponentId, c.challengerId] : [c.challengerId, c.opponentId];
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'accept', challengeId: c.id })).setLabel(sp.t('discord:buttons.accept').slice(0, 80)).setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'decline', challengeId: c.id })).setLabel(sp.t('discord:buttons.decline').slice(0, 80)).setStyle(ButtonStyle.Secondary),
  );
  const title = gameTitle(sp, def);
  const who = { opponent: `<@${c.opponentId}>`, challenger: `<@${c.challengerId}>` };
  return {
    content: rematchOf
      ? sp.t('discord:challenge.rematchAsked', { ...who, id: rematchOf })
      : sp.t('discord:challenge.asked', { ...who, game: bold(title) }),
    embeds: [challengeEmbed(sp.t(rematchOf ? 'discord:challenge.rematchTitle' : 'discord:challenge.title', { game: title }), [
      sp.t('discord:challenge.firstSeat', { seat: seatName(sp, def, 0), member: `<@${seats[0]}>` }),
      sp.t('discord:challenge.seat', { seat: seatName(sp, def, 1), member: `<@${seats[1]}>` }),
      sp.t('discord:challenge.options', { options: optionsAsPlayed(sp, def, c.options as Record<string, unknown>) }),
      sp.t('discord:challenge.clock', { clock: clockText(sp, c.clockSeconds) }),
      sp.t('discord:challenge.expires', { when: `<t:${unix(c.expiresAt)}:R>`, opponent: who.opponent }),
    ])],
    components: [row],
    allowedMentions: { users: [c.opponentId] },
  };
}

/** What an accepted challenge's message becomes. `where`: the game's thread, when it has one. */
export function acceptedText(sp: Speaker, def: Pick<GameDefinition, 'id' | 'title'>, c: ChallengeRow, where: string | null): string {
  const values = { opponent: `<@${c.opponentId}>`, challenger: `<@${c.challengerId}>`, game: gameTitle(sp, def) };
  return where ? sp.t('discord:challenge.accepted', { ...values, where }) : sp.t('discord:challenge.acceptedHere', values);
}

/** What a challenge's message becomes when it is declined (by the one challenged) or withdrawn (by the challenger). */
export function answeredText(sp: Speaker, userId: string, declined: boolean): string {
  return sp.t(declined ? 'discord:challenge.declined' : 'discord:challenge.withdrawn', { member: `<@${userId}>` });
}

/** What a challenge's message becomes when nobody answered it in time. */
export function expiredEdit(sp: Speaker, c: ChallengeRow) {
  return {
    content: sp.t('discord:challenge.expired', { challenger: `<@${c.challengerId}>`, opponent: `<@${c.opponentId}>` }),
    embeds: [],
    components: [],
    allowedMentions: { parse: [] as never[] },
  };
}

/**
 * " It is here: <link>" for an asked rematch: its game once accepted, else its challenge message,
 * in `channelId`, where it was posted (the finished game's thread, where Rematch was pressed).
 */
export function rematchWhere(sp: Speaker, c: ChallengeRow | null, channelId: string | null): string {
  if (!c) return '';
  if (c.gameId) return ` ${sp.t('discord:challenge.becameGame', { id: c.gameId })}`;
  if (!c.messageId) return '';
  const link = jumpLink(c.guildId, channelId ?? c.channelId, c.messageId);
  return ` ${sp.t(c.status === 'PENDING' ? 'discord:challenge.hereWaiting' : 'discord:challenge.hereClosed', { link, context: c.status.toLowerCase() })}`;
}

/**
 * " It is here: <link>" for a challenge waiting for an answer, once its message is posted, in
 * `channelId` when it was posted elsewhere than its channel (a rematch, in its game's thread).
 */
export function pendingWhere(sp: Speaker, c: ChallengeRow | null, channelId?: string | null): string {
  return c?.messageId ? ` ${sp.t('discord:challenge.here', { link: jumpLink(c.guildId, channelId ?? c.channelId, c.messageId) })}` : '';
}
