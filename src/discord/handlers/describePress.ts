// The Describe button of a board, and `/siege board text:true`: the game's whole position in words,
// privately, in the presser's language, with the choices of the step the game waits for. What is
// described is the game as it stands (a board a move has passed since still names this game), and
// only for whom the visibility rule lets see it (services/visibility.ts). Describing changes
// nothing, so no press here is refused for being out of date.
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type EmbedBuilder } from 'discord.js';
import type { Speaker } from '../../i18n/index.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { describeMessages, describeWithin } from '../views/describe.js';
import { refusal } from '../views/refusal.js';
import { altNames } from '../views/words.js';
import { gameOfPress } from './gameAccess.js';
import { replyPrivately } from './replies.js';
import { seatOf } from '../../services/seats.js';

/** The private messages that describe `game` to `userId`, or why they may not see it. */
export async function describedFor(ctx: BotContext, sp: Speaker, game: GameSnapshot, userId: string): Promise<{ ok: true; messages: ReturnType<typeof describeMessages> } | { ok: false; text: string }> {
  const sight = await ctx.services.visibility.gameSightFor(game, userId, 'board');
  if (!sight.ok) return { ok: false, text: refusal(sp, sight) };
  const def = ctx.services.games.defOf(game);
  const players = await ctx.publisher.places.playerNames(game, sp);
  const seat = seatOf(game, userId);
  const messages = describeMessages(sp, {
    def,
    game,
    view: def.view(game.state, sight.seat) as object,
    seat: seat >= 0 ? seat : undefined,
    withChoices: true,
    players: altNames(sp, game, players),
  });
  return { ok: true, messages };
}

/** Sends the description as the answer to `i`, deferred already: the first message, then the rest as follow-ups. */
export async function sendDescribed(i: ButtonInteraction | ChatInputCommandInteraction, messages: ReturnType<typeof describeMessages>): Promise<void> {
  const [first, ...more] = messages;
  await i.editReply({ embeds: first ?? [], allowedMentions: { parse: [] } });
  for (const embeds of more) await i.followUp({ embeds, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

export async function handleDescribeComponent(ctx: BotContext, i: ButtonInteraction, action: Extract<ComponentAction, { kind: 'describe' }>): Promise<void> {
  const sp = ctx.locales.reader(i);
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return replyPrivately(i, sp.t('discord:access.gameGone'));
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const described = await describedFor(ctx, sp, game, i.user.id);
  if (!described.ok) return replyPrivately(i, described.text);
  await sendDescribed(i, described.messages);
}

/**
 * The position in words for a private panel or message where `userId` acts, when they asked for
 * boards in words (`/siege settings board:text`); none otherwise. `seat`: theirs in the game.
 */
export async function describedBeside(ctx: Pick<BotContext, 'services' | 'publisher'>, sp: Speaker, game: GameSnapshot, userId: string, seat: number): Promise<EmbedBuilder[]> {
  if (!(await ctx.services.settings.boardText(userId))) return [];
  const def = ctx.services.games.defOf(game);
  const players = await ctx.publisher.places.playerNames(game, sp);
  return describeWithin(sp, { def, game, view: def.view(game.state, seat) as object, seat, withChoices: false, players: altNames(sp, game, players) });
}
