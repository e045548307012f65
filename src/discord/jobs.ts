// What the stored jobs do when they come due, as players see it in the game's thread: reminders,
// "time ran out" with a Claim win button, the win on time, expired challenges, and AI moves.
// The services judge each against the stored game; a job for a game that moved on does nothing.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { JobHandlers } from '../scheduling/scheduler.js';
import { timeLeft } from '../services/clocks.js';
import type { FinishedOnTime } from '../services/timekeeping.js';
import type { GameSnapshot } from '../services/types.js';
import type { BotContext } from './context.js';
import { encodeCustomId, type ComponentAction } from './customId.js';
import { boardLink, staleText } from './gameAccess.js';
import { closeDailyGame } from './daily.js';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

async function postFinished(ctx: BotContext, f: FinishedOnTime): Promise<void> {
  await ctx.flow
    .postBoard(f.game, { headline: f.game.outcome?.reason ?? 'Time ran out' }, f.previous)
    .catch((e) => ctx.log.warn(`the final board of game ${f.game.id} could not be posted`, { err: e }));
  await ctx.flow.settle(f.game);
}

export function jobHandlers(ctx: BotContext): JobHandlers {
  const { services, scheduler, flow } = ctx;
  const now = services.deps.now;

  return {
    async reminder({ gameId, version }) {
      const claimed = await services.timekeeping.claimReminder(gameId, version);
      const game = claimed?.game ?? (await services.games.load(gameId));
      if (!game || game.version !== version || game.status !== 'ACTIVE') return;
      await flow.settle(game); // the next reminder of this turn, if one is still to come
      if (!claimed || !game.deadlineAt) return;
      const def = services.games.defOf(game);
      const who = claimed.userIds.map((u) => `<@${u}>`).join(' ');
      const left = timeLeft(game.deadlineAt, now());
      const link = boardLink(game);
      const lead = claimed.late ? `only ${left} left` : 'half your time is gone';
      await flow.postNotice(
        game,
        `⏰ ${who}, it is your move in **${def.title}** (game #${game.id}): ${lead}. ` +
          `The clock runs out <t:${unix(game.deadlineAt)}:R> (<t:${unix(game.deadlineAt)}:f>).${link ? ` Board: ${link}` : ''}`,
        claimed.userIds,
      );
    },

    async timeout({ guildId, gameId, version, stage }) {
      if (stage === 'grace') {
        const verdict = await services.timekeeping.judgeGrace(gameId, version, await flow.graceMs(guildId));
        if (verdict.kind === 'not-yet') await flow.settle(verdict.game); // re-armed from the stored clock
        if (verdict.kind === 'finished') await postFinished(ctx, verdict.finished);
        return;
      }
      const verdict = await services.timekeeping.judgeTimeout(gameId, version);
      if (verdict.kind === 'not-yet') return flow.settle(verdict.game);
      if (verdict.kind === 'finished') return postFinished(ctx, verdict.finished);
      if (verdict.kind !== 'claimable') return;
      const { game, def, late } = verdict;
      const lateIds = late.flatMap((s) => { const seat = game.seats[s]; return seat?.kind === 'human' ? [seat.userId] : []; });
      const others = game.seats.flatMap((s) => (s.kind === 'human' && !lateIds.includes(s.userId) ? [s.userId] : []));
      const graceEnds = new Date(game.timedOutAt!.getTime() + (await flow.graceMs(game.guildId)));
      await flow.settle(game); // arms the grace job
      const claim = new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'claim', gameId: game.id, version: game.version }))
        .setLabel('Claim win')
        .setEmoji('🏆')
        .setStyle(ButtonStyle.Success);
      await flow.postNotice(
        game,
        `⌛ ${lateIds.map((u) => `<@${u}>`).join(' ')} ran out of time in **${def.title}** (game #${game.id}). ` +
          `${others.map((u) => `<@${u}>`).join(' ')}, you may claim the win now; it is yours automatically <t:${unix(graceEnds)}:R> ` +
          `unless a move is made before then.`,
        [...lateIds, ...others],
        [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(claim)],
      );
    },

    async challenge({ challengeId }) {
      const expired = await services.challenges.expire(challengeId);
      if (!expired?.messageId) return;
      const channel = await flow.sendable(expired.channelId);
      await channel?.messages
        .edit(expired.messageId, {
          content: `The challenge from <@${expired.challengerId}> to <@${expired.opponentId}> expired without an answer.`,
          embeds: [],
          components: [],
          allowedMentions: { parse: [] },
        })
        .catch((e) => ctx.log.warn(`could not mark challenge ${challengeId} expired`, { err: e }));
    },

    async aiTurn({ gameId }) {
      await flow.runAiTurns(gameId);
    },

    async dailyClose({ gameId }) {
      await closeDailyGame(ctx, gameId);
    },
  };
}

/** "Claim win" after the opponent's clock ran out. */
export async function handleClaimComponent(ctx: BotContext, i: ButtonInteraction, action: Extract<ComponentAction, { kind: 'claim' }>): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await ctx.services.games.load(action.gameId);
  if (!game || game.guildId !== (i.guildId ?? null)) {
    await i.editReply('That game no longer exists.');
    return;
  }
  const claimed = await ctx.services.timekeeping.claimWin(action.gameId, i.user.id);
  if (!claimed.ok) {
    const fresh = await ctx.services.games.load(action.gameId);
    await i.editReply({ content: claimed.error.code === 'stale' && fresh ? `${claimed.error.message} ${staleText(fresh)}` : claimed.error.message, allowedMentions: { parse: [] } });
    return;
  }
  await i.editReply(`You claimed the win in game #${game.id}.`);
  await i.message.edit({ components: [] }).catch((e) => ctx.log.warn(`could not retire the claim button of game ${game.id}`, { err: e }));
  await postFinished(ctx, claimed.value);
}
