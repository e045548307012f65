// A player's own settings in a game (Dice Realms' standing defence policy): shown and changed
// privately, in the player's language, never as a move, so they stay out of the move buttons and
// the move log. The master plays at once what a change answers (an attack already waiting for
// this player's defender).
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { err, ok, type Result } from '../../engine/result.js';
import type { BotContext } from '../context.js';
import { DISCORD } from '../publish/publisher.js';
import { staleText } from '../views/links.js';
import { refusal } from '../views/refusal.js';
import { gameTitle } from '../views/words.js';
import { settingChangeText, settingsPanel } from '../views/settings.js';
import { gameOfPress } from './gameAccess.js';
import { PressAck } from './pressAck.js';
import { seatOf } from '../../services/seats.js';

type Press = ButtonInteraction | StringSelectMenuInteraction;

export async function handleSettingsComponent(ctx: BotContext, i: Press, action: { gameId: number; name?: string; value?: string }): Promise<void> {
  const ack = new PressAck(i, !i.message.flags.has(MessageFlags.Ephemeral));
  try {
    await answerSettingsPress(ctx, i, ack, action);
  } finally {
    // A failure (the database unreachable) is answered by the router: not before the press's
    // acknowledgement, if one is under way, has landed.
    await ack.settled();
  }
}

async function answerSettingsPress(ctx: BotContext, i: Press, ack: PressAck, action: { gameId: number; name?: string; value?: string }): Promise<void> {
  const say = async (body: Parameters<PressAck['answer']>[0]) => void (await ack.answer(body));
  const sp = ctx.locales.reader(i);
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return say({ content: sp.t('discord:access.gameGone') });
  if (game.status !== 'ACTIVE') return say({ content: staleText(sp, game) });
  const def = ctx.services.games.defOf(game);
  const seat = seatOf(game, i.user.id);
  if (seat < 0) return say({ content: sp.t('discord:settings.notPlaying') });
  if (!def.seatSettings?.length) return say({ content: sp.t('discord:settings.none', { game: gameTitle(sp, def) }) });
  if (action.name === undefined || action.value === undefined) return say(settingsPanel(sp, def, game, seat));
  const change = await ctx.master.changeSetting({
    gameId: game.id,
    userId: i.user.id,
    name: action.name,
    value: action.value,
    origin: { front: DISCORD },
    saved: (c) => say(settingsPanel(sp, def, c.game, seat, settingChangeText(sp, def, c))),
  });
  if (!change.ok) return say({ content: refusal(sp, change.error, def.id) });
}

/** For `/siege move`: a typed phrase that changes a setting ("defence strongest"), or null for a move. */
export function typedSetting(def: GameDefinition, text: string): Result<{ name: string; value: string }> | null {
  const read = def.parseSetting?.(text) ?? null;
  if (!read) return null;
  return read.ok ? ok(read.value) : err(read.error.code, read.error.message, read.error.phrase);
}
