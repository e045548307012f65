// A player's own settings in a game (Dice Realms' standing defence policy): shown and changed
// privately, never as a move, so they stay out of the move buttons and the move log. The master
// plays at once what a change answers (an attack already waiting for this player's defender).
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import { err, ok, type Result } from '../../engine/result.js';
import type { BotContext } from '../context.js';
import { DISCORD } from '../publish/publisher.js';
import { staleText } from '../views/links.js';
import { settingChangeText, settingsPanel } from '../views/settings.js';
import { gameOfPress } from './gameAccess.js';
import { PressAck } from './pressAck.js';

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
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return say({ content: 'That game no longer exists.' });
  if (game.status !== 'ACTIVE') return say({ content: staleText(game) });
  const def = ctx.services.games.defOf(game);
  const seat = game.seats.findIndex((s) => s.kind === 'human' && s.userId === i.user.id);
  if (seat < 0) return say({ content: 'You are not playing in this game: its settings belong to its players.' });
  if (!def.seatSettings?.length) return say({ content: `${def.title} has no player settings.` });
  if (action.name === undefined || action.value === undefined) return say(settingsPanel(def, game, seat));
  const change = await ctx.master.changeSetting({
    gameId: game.id,
    userId: i.user.id,
    name: action.name,
    value: action.value,
    origin: { front: DISCORD },
    saved: (c) => say(settingsPanel(def, c.game, seat, settingChangeText(c))),
  });
  if (!change.ok) return say({ content: change.error.message });
}

/** For `/siege move`: a typed phrase that changes a setting ("defence strongest"), or null for a move. */
export function typedSetting(def: GameDefinition, text: string): Result<{ name: string; value: string }> | null {
  const read = def.parseSetting?.(text) ?? null;
  if (!read) return null;
  return read.ok ? ok(read.value) : err(read.error.code, read.error.message);
}
