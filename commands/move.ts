import { MessageFlags, type AutocompleteInteraction } from 'discord.js';
import { resolveGame, seatToAct, staleText } from '../src/discord/gameAccess.js';
import { replyPrivately } from '../src/discord/replies.js';
import type { BotContext } from '../src/discord/context.js';
import { BOARD_NOT_POSTED } from '../src/discord/components/gameComponents.js';
import { closePanel } from '../src/discord/components/stepPanels.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';

const squash = (s: string) => s.toLowerCase().replace(/[\s\-_,.]+/g, '');

async function notationChoices(ctx: BotContext, i: AutocompleteInteraction, typed: string) {
  const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
  if (!game.ok) return [{ name: game.error.message.slice(0, 100), value: 'none' }];
  const def = ctx.services.games.defOf(game.value);
  const seat = seatToAct(def, game.value, i.user.id);
  if (!seat.ok) return [{ name: seat.error.message.replace(/<@!?\d+>/g, '').slice(0, 100), value: 'none' }];
  const want = squash(typed.slice(0, 100));
  const scored: { text: string; rank: number }[] = [];
  for (const move of def.legalMoves(game.value.state, seat.value)) {
    const text = def.formatMove(game.value.state, seat.value, move);
    const s = squash(text);
    const at = want ? s.indexOf(want) : 0;
    if (at >= 0) scored.push({ text, rank: at === 0 ? 0 : 1 });
  }
  scored.sort((a, b) => a.rank - b.rank);
  return scored.slice(0, 25).map((m) => ({ name: m.text.slice(0, 100), value: m.text.slice(0, 100) }));
}

export const move: Subcommand = {
  name: 'move',
  define: (sub) =>
    withGameOption(sub
      .setName('move')
      .setDescription('Make a move by typing it (buttons on the board do the same)')
      .addStringOption((o) => o.setName('notation').setDescription('The move, e.g. F7 SE').setRequired(true).setAutocomplete(true).setMaxLength(100))),

  async autocomplete(ctx, i) {
    const focused = i.options.getFocused(true);
    const choices = focused.name === 'game'
      ? await gameChoices(ctx, i.user.id, i.guildId)
      : await notationChoices(ctx, i, String(focused.value ?? ''));
    await i.respond(choices.slice(0, 25));
  },

  async execute(ctx, i) {
    const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!game.ok) return replyPrivately(i, game.error.message);
    const text = i.options.getString('notation', true).slice(0, 100);
    const applied = await ctx.services.games.applyMove({
      gameId: game.value.id,
      actor: { kind: 'user', userId: i.user.id },
      input: { text },
      loaded: game.value,
    });
    if (!applied.ok) {
      const message = applied.error.code === 'stale' ? staleText(game.value) : applied.error.message;
      return replyPrivately(i, message);
    }
    // The one private answer is the acknowledgement itself; the board says the rest.
    await i.reply({ content: `✅ You played **${applied.value.notation}** (game #${game.value.id}).`, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    const forced = await ctx.services.games.playForcedMoves(applied.value);
    const { posted } = await ctx.flow.announceMoves([applied.value, ...forced], { mover: i.user.id });
    if (!posted) await i.editReply({ content: `✅ You played **${applied.value.notation}** (game #${game.value.id}).${BOARD_NOT_POSTED}`, allowedMentions: { parse: [] } });
    // A private step panel left open on the board is out of date now: it goes.
    await closePanel(ctx, game.value.id, i.user.id, i.createdAt);
  },
};
