import type { AutocompleteInteraction } from 'discord.js';
import type { GameSnapshot } from '../src/services/types.js';
import { resolveGame, seatToAct } from '../src/discord/handlers/gameAccess.js';
import { staleText } from '../src/discord/views/links.js';
import { deferIfSlow, replyPrivately } from '../src/discord/handlers/replies.js';
import type { BotContext } from '../src/discord/context.js';
import { boardNotPosted } from '../src/discord/handlers/gamePress.js';
import { typedSetting } from '../src/discord/handlers/settingsPress.js';
import { DISCORD } from '../src/discord/publish/publisher.js';
import { settingChangeText } from '../src/discord/views/settings.js';
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
    let answered = false;
    const answer = async (content: string) => {
      await slow.settled();
      answered = true;
      await replyPrivately(i, content);
    };
    const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!game.ok) return answer(game.error.message);
    const text = i.options.getString('notation', true).slice(0, 100);
    // "defence strongest": a change of the player's own setting, not a move.
    const setting = typedSetting(ctx.services.games.defOf(game.value), text);
    if (setting) {
      if (!setting.ok) return answer(setting.error.message);
      const change = await ctx.master.changeSetting({
        gameId: game.value.id,
        userId: i.user.id,
        ...setting.value,
        origin: { front: DISCORD },
        saved: (c) => answer(`${settingChangeText(ctx.locales.reader(i), ctx.services.games.defOf(game.value), c)} It is a setting, not a move: nothing was played.`),
      });
      if (!change.ok) await answer(change.error.message);
      return;
    }
    const played = await ctx.master.playMove({
      gameId: game.value.id,
      actor: { kind: 'user', userId: i.user.id },
      input: { text },
      loaded: game.value,
      source: 'command',
      origin: { front: DISCORD, startedAt: i.createdTimestamp },
      // The one private answer is the acknowledgement itself; the board says the rest.
      saved: (applied) => answer(`✅ You played **${applied.notation}** (game #${game.value.id}).`),
    });
    if (!played.ok) {
      if (answered) return;
      return answer(played.error.code === 'stale' ? staleText(ctx.locales.reader(i), game.value) : played.error.message);
    }
    if (!played.value.receipt.shown) await i.editReply({ content: `✅ You played **${played.value.applied.notation}** (game #${game.value.id}). ${boardNotPosted(ctx.locales.reader(i))}`, allowedMentions: { parse: [] } });
    // A private step panel left open on the board is out of date now: it goes.
    await ctx.panels.closePanelAfterMove(game.value.id, i.user.id, i.createdAt);
  },
};
