// The animated replay of a finished game, on request: the "Replay" button under a result (and in
// /siege review) answers privately with the animation. The first request has it drawn in a render
// worker, which takes a few seconds; the press is acknowledged at once and the file follows.
import { AttachmentBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type ButtonInteraction } from 'discord.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import { encodeCustomId } from '../customId.js';
import { replyPrivately } from '../replies.js';

/** Games with at least one move have something to replay. */
export function offersReplay(game: GameSnapshot): boolean {
  return game.status === 'FINISHED' && game.version > 0;
}

export function replayButton(gameId: number): ButtonBuilder {
  return new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'replay', gameId })).setLabel('Replay').setEmoji('🎞️').setStyle(ButtonStyle.Secondary);
}

export async function handleReplay(ctx: BotContext, i: ButtonInteraction, gameId: number): Promise<void> {
  const game = await ctx.services.games.load(gameId);
  if (!game || game.guildId !== (i.guildId ?? null)) return replyPrivately(i, 'That game no longer exists.');
  if (game.status !== 'FINISHED') return replyPrivately(i, `Game #${game.id} is still being played: its replay is made once it ends.`);
  const def = ctx.services.games.defOf(game);
  // A daily's replay would show its deal: the same rule as a review decides.
  const sight = await ctx.services.visibility.gameSightFor(game, i.user.id, 'positions');
  if (!sight.ok) return replyPrivately(i, sight.message);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const replay = await ctx.services.replays.replayOf(game);
  if (!replay) return replyPrivately(i, `${def.title} has no board to replay.`);
  const sampled = replay.frames < replay.positions ? `, ${replay.frames} of its ${replay.positions} positions` : `, ${replay.positions} positions`;
  await i.editReply({
    content: `Replay of game #${game.id} (${def.title})${sampled}.`,
    files: [new AttachmentBuilder(replay.data, { name: replay.fileName, description: `Replay of game #${game.id}, ${replay.frames} frames`.slice(0, 1024) })],
    allowedMentions: { parse: [] },
  });
}
