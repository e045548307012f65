import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { err, ok, type Result } from '../src/engine/result.js';
import type { MoveApplied } from '../src/services/games.js';
import type { GameSnapshot } from '../src/services/types.js';
import { resolveGame, seatToAct, staleText } from '../src/discord/gameAccess.js';
import { deferIfSlow, replyPrivately } from '../src/discord/replies.js';
import type { BotContext } from '../src/discord/context.js';
import { BOARD_NOT_POSTED } from '../src/discord/components/gameComponents.js';
import { closePanelAfterMove } from '../src/discord/components/stepPanels.js';
import { changeSetting, showSettingChange, typedSetting, type SettingChange } from '../src/discord/components/settingsComponents.js';
import { settingsOf } from '../src/services/seatSettings.js';
import type { GameDefinition } from '../src/engine/contract.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';

const squash = (s: string) => s.toLowerCase().replace(/[\s\-_,.]+/g, '');

async function notationChoices(ctx: BotContext, i: AutocompleteInteraction, typed: string) {
  const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
  if (!game.ok) return [{ name: game.error.message.slice(0, 100), value: 'none' }];
  const def = ctx.services.games.defOf(game.value);
  const want = squash(typed.slice(0, 100));
  const seat = seatToAct(def, game.value, i.user.id);
  if (!seat.ok) {
    // A player waiting for the other may still change their own settings.
    const settings = settingChoices(def, game.value, i.user.id, want);
    return settings.length ? settings : [{ name: seat.error.message.replace(/<@!?\d+>/g, '').slice(0, 100), value: 'none' }];
  }
  const scored: { text: string; rank: number }[] = [];
  for (const move of def.legalMoves(game.value.state, seat.value)) {
    const text = def.formatMove(game.value.state, seat.value, move);
    const s = squash(text);
    const at = want ? s.indexOf(want) : 0;
    if (at >= 0) scored.push({ text, rank: at === 0 ? 0 : 1 });
  }
  scored.sort((a, b) => a.rank - b.rank);
  const moves = scored.slice(0, 25).map((m) => ({ name: m.text.slice(0, 100), value: m.text.slice(0, 100) }));
  return [...moves, ...settingChoices(def, game.value, i.user.id, want)].slice(0, 25);
}

/** Typed changes of the player's own settings ("defence strongest"), offered only once typing asks for them. */
function settingChoices(def: GameDefinition, game: GameSnapshot, userId: string, want: string) {
  const seat = game.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
  if (seat < 0 || want.length < 2) return [];
  const mine = settingsOf(def, game, seat);
  return (def.seatSettings ?? []).flatMap((spec) =>
    spec.choices
      .filter((c) => {
        const phrase = squash(`${spec.name} ${c.value}`);
        return c.value !== mine[spec.name] && (phrase.startsWith(want) || (want.length >= 3 && phrase.includes(want)));
      })
      .map((c) => ({ name: `${spec.name} ${c.value} (a setting, not a move: ${c.description})`.slice(0, 100), value: `${spec.name} ${c.value}` })),
  );
}

/** The typed move of `i`, found and saved; or why not, as the player is told. */
async function playTyped(
  ctx: BotContext,
  i: ChatInputCommandInteraction,
): Promise<Result<{ kind: 'move'; game: GameSnapshot; applied: MoveApplied } | { kind: 'setting'; change: SettingChange }>> {
  const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
  if (!game.ok) return game;
  const text = i.options.getString('notation', true).slice(0, 100);
  // "defence strongest": a change of the player's own setting, not a move.
  const setting = typedSetting(ctx.services.games.defOf(game.value), text);
  if (setting) {
    if (!setting.ok) return setting;
    const change = await changeSetting(ctx, game.value.id, i.user.id, setting.value.name, setting.value.value);
    return change.ok ? ok({ kind: 'setting', change: change.value }) : change;
  }
  const applied = await ctx.services.games.applyMove({
    gameId: game.value.id,
    actor: { kind: 'user', userId: i.user.id },
    input: { text },
    loaded: game.value,
  });
  if (!applied.ok) return err(applied.error.code, applied.error.code === 'stale' ? staleText(game.value) : applied.error.message);
  return ok({ kind: 'move', game: game.value, applied: applied.value });
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
    // The answer comes once the move is saved: on a busy machine, the command is acknowledged first.
    const slow = deferIfSlow(i);
    const typed = await playTyped(ctx, i).finally(() => slow.settled());
    if (!typed.ok) return replyPrivately(i, typed.error.message);
    if (typed.value.kind === 'setting') {
      const change = typed.value.change;
      await replyPrivately(i, `${change.text} It is a setting, not a move: nothing was played.`);
      await showSettingChange(ctx, change, i.user.id);
      return;
    }
    const { game, applied } = typed.value;
    // The one private answer is the acknowledgement itself; the board says the rest.
    await replyPrivately(i, `✅ You played **${applied.notation}** (game #${game.id}).`);
    const forced = await ctx.services.games.playForcedMoves(applied);
    const { posted } = await ctx.flow.announceMoves([applied, ...forced], { mover: i.user.id });
    if (!posted) await i.editReply({ content: `✅ You played **${applied.notation}** (game #${game.id}).${BOARD_NOT_POSTED}`, allowedMentions: { parse: [] } });
    // A private step panel left open on the board is out of date now: it goes.
    await closePanelAfterMove(ctx, game.id, i.user.id, i.createdAt);
  },
};
