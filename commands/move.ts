import type { AutocompleteInteraction } from 'discord.js';
import type { GameSnapshot } from '../src/services/types.js';
import { resolveGame, seatToAct } from '../src/discord/handlers/gameAccess.js';
import { staleText } from '../src/discord/views/links.js';
import { deferIfSlow, replyPrivately } from '../src/discord/handlers/replies.js';
import type { BotContext } from '../src/discord/context.js';
import { DISCORD } from '../src/discord/publish/publisher.js';
import { settingChangeText } from '../src/discord/views/settings.js';
import { hasText, type Speaker } from '../src/i18n/index.js';
import { settingsOf } from '../src/services/seatSettings.js';
// Autocomplete names cannot show mentions: the words around them stay.
import { movePhraseOf, sayMove, withoutMentions } from '../src/services/phrases.js';
import type { GameDefinition, Seat } from '../src/engine/contract.js';
import { localized } from './localize.js';
import { commandText, refusal } from './speech.js';
import type { Subcommand } from './types.js';
import { gameChoices, withGameOption } from './games.js';
import { seatOf } from '../src/services/seats.js';

const squash = (s: string) => s.toLowerCase().replace(/[\s\-_,.]+/g, '');

/**
 * A move as autocomplete names it: in words in the player's language, then the notation that is
 * typed ("auf den Höfen sammeln · gather farms"); a move whose words are its notation ("F7 SE")
 * once. A game without words for its moves shows the steps that pick it instead.
 */
function moveName(sp: Speaker, def: GameDefinition, state: unknown, seat: Seat, move: unknown, notation: string, words: string | null): string {
  if (words !== null) return (words === notation ? notation : `${words} · ${notation}`).slice(0, 100);
  const steps = (def.choicePath?.(state, seat, move) ?? []).filter((c) => c.phrase).map((c) => sp.say(c.phrase!, def.id, c.label));
  return (steps.length ? `${notation} · ${steps.join(' › ')}` : notation).slice(0, 100);
}

async function notationChoices(ctx: BotContext, sp: Speaker, i: AutocompleteInteraction, typed: string) {
  const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
  if (!game.ok) return [{ name: withoutMentions(refusal(sp, game.error)).slice(0, 100), value: 'none' }];
  const def = ctx.services.games.defOf(game.value);
  const want = squash(typed.slice(0, 100));
  const seat = seatToAct(def, game.value, i.user.id);
  if (!seat.ok) {
    // A player waiting for the other may still change their own settings.
    const settings = settingChoices(sp, def, game.value, i.user.id, want);
    return settings.length ? settings : [{ name: withoutMentions(refusal(sp, seat.error, def.id)).slice(0, 100), value: 'none' }];
  }
  const state = game.value.state;
  const scored: { move: unknown; text: string; words: string | null; rank: number }[] = [];
  for (const move of def.legalMoves(state, seat.value)) {
    const text = def.formatMove(state, seat.value, move);
    const said = movePhraseOf(def, state, seat.value, move);
    const words = said ? sayMove(sp, said, text) : null;
    // Typed notation or the player's own words both find the move.
    const at = want ? Math.min(...[squash(text), squash(words ?? '')].map((s) => s.indexOf(want)).map((n) => (n < 0 ? Infinity : n))) : 0;
    if (at !== Infinity) scored.push({ move, text, words, rank: at === 0 ? 0 : 1 });
  }
  scored.sort((a, b) => a.rank - b.rank);
  const moves = scored.slice(0, 25).map((m) => ({ name: moveName(sp, def, state, seat.value, m.move, m.text, m.words), value: m.text.slice(0, 100) }));
  return [...moves, ...settingChoices(sp, def, game.value, i.user.id, want)].slice(0, 25);
}

/** Typed changes of the player's own settings ("defence strongest"), offered only once typing asks for them. */
function settingChoices(sp: Speaker, def: GameDefinition, game: GameSnapshot, userId: string, want: string) {
  const seat = seatOf(game, userId);
  if (seat < 0 || want.length < 2) return [];
  const mine = settingsOf(def, game, seat);
  return (def.seatSettings ?? []).flatMap((spec) =>
    spec.choices
      .filter((c) => {
        const phrase = squash(`${spec.name} ${c.value}`);
        return c.value !== mine[spec.name] && (phrase.startsWith(want) || (want.length >= 3 && phrase.includes(want)));
      })
      .map((c) => {
        const key = `${def.id}:settings.${spec.name}.choices.${c.value}.description`;
        const typed = `${spec.name} ${c.value}`;
        const description = hasText(key) ? sp.t(key) : c.description;
        return { name: sp.t('commands:move.settingChoice', { typed, description }).slice(0, 100), value: typed };
      }),
  );
}

export const move: Subcommand = {
  name: 'move',
  define: (sub) =>
    withGameOption(localized(sub.setName('move'), 'commands:move')
      .addStringOption((o) => localized(o.setName('notation'), 'commands:move.notation').setRequired(true).setAutocomplete(true).setMaxLength(100))),

  async autocomplete(ctx, i) {
    const sp = ctx.locales.reader(i);
    const focused = i.options.getFocused(true);
    const choices = focused.name === 'game'
      ? await gameChoices(ctx, sp, i.user.id, i.guildId)
      : await notationChoices(ctx, sp, i, String(focused.value ?? ''));
    await i.respond(choices.slice(0, 25));
  },

  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    // The answer comes once the move is saved: on a busy machine, the command is acknowledged first.
    const slow = deferIfSlow(i);
    let answered = false;
    const answer = async (content: string) => {
      await slow.settled();
      answered = true;
      await replyPrivately(i, content);
    };
    const game = await resolveGame(ctx.services, i.user.id, i.channelId, i.options.getInteger('game'), i.guildId);
    if (!game.ok) return answer(refusal(sp, game.error));
    const def = ctx.services.games.defOf(game.value);
    const text = i.options.getString('notation', true).slice(0, 100);
    // "defence strongest": a change of the player's own setting, not a move.
    const setting = def.parseSetting?.(text) ?? null;
    if (setting) {
      if (!setting.ok) return answer(refusal(sp, setting.error, def.id));
      const change = await ctx.master.changeSetting({
        gameId: game.value.id,
        userId: i.user.id,
        ...setting.value,
        origin: { front: DISCORD },
        saved: (c) => answer(`${settingChangeText(sp, def, c)} ${sp.t('commands:move.settingNotMove')}`),
      });
      if (!change.ok) await answer(refusal(sp, change.error, def.id));
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
      saved: (applied) => answer(`✅ ${sp.t('commands:move.played', { notation: sayMove(sp, applied.notationPhrase, applied.notation), id: game.value.id })}`),
    });
    if (!played.ok) {
      if (answered) return;
      return answer(played.error.code === 'stale' ? staleText(sp, game.value) : refusal(sp, played.error, def.id));
    }
    if (!played.value.receipt.shown) {
      const content = `✅ ${sp.t('commands:move.played', { notation: sayMove(sp, played.value.applied.notationPhrase, played.value.applied.notation), id: game.value.id })} ${sp.t('commands:move.boardNotPosted', { command: commandText(sp, 'board') })}`;
      await i.editReply({ content, allowedMentions: { parse: [] } });
    }
    // A private step panel left open on the board is out of date now: it goes.
    await ctx.panels.closePanelAfterMove(game.value.id, i.user.id, i.createdAt);
  },
};
