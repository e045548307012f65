// A player's own settings in a game (Dice Realms' standing defence policy): shown and changed
// privately, never as a move, so they stay out of the move buttons and the move log. A change
// that answers a question already waiting (an attack on the player's territory) plays that
// answer at once, as the player's own logged move.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { err, ok, type Result } from '../../engine/result.js';
import type { MoveApplied } from '../../services/games.js';
import { settingsOf } from '../../services/seatSettings.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import { encodeCustomId } from '../customId.js';
import { staleText } from '../gameAccess.js';
import type { Row } from './moveComponents.js';
import { PressAck } from './pressAck.js';

type Press = ButtonInteraction | StringSelectMenuInteraction;

const NOT_A_MOVE = 'A setting, not a move: changing it plays nothing, and your turn and clock stay as they are.';

/** The private panel: each setting with its current value, and a button per value. */
export function settingsPanel(def: GameDefinition, game: GameSnapshot, seat: Seat, lead = ''): { content: string; components: Row[] } {
  const mine = settingsOf(def, game, seat);
  const specs = (def.seatSettings ?? []).slice(0, 5);
  const lines = specs.map((spec) => {
    const now = spec.choices.find((c) => c.value === mine[spec.name]);
    return `**${spec.label}** in game #${game.id}: **${mine[spec.name]}**${now ? ` (${now.description})` : ''}.`;
  });
  const rows = specs.map((spec) =>
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      spec.choices.slice(0, 5).map((c) =>
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'settings', gameId: game.id, name: spec.name, value: c.value }))
          .setLabel(c.label.slice(0, 80))
          .setStyle(c.value === mine[spec.name] ? ButtonStyle.Success : ButtonStyle.Secondary)
          .setDisabled(c.value === mine[spec.name]),
      ),
    ),
  );
  return { content: [lead, ...lines, NOT_A_MOVE].filter(Boolean).join('\n'), components: rows };
}

export type SettingChange = {
  game: GameSnapshot;
  seat: Seat;
  /** What the player is told, privately. */
  text: string;
  /** The moves the new setting answered at once (for the board). */
  answered: MoveApplied[];
  changed: boolean;
};

/**
 * Changes a player's setting and plays what it answers at once. The board is left to
 * `showSettingChange`, after the player has been answered.
 */
export async function changeSetting(ctx: BotContext, gameId: number, userId: string, name: string, value: string): Promise<Result<SettingChange>> {
  const changed = await ctx.services.games.changeSetting({ gameId, userId, name, value });
  if (!changed.ok) return err(changed.error.code, changed.error.message);
  const c = changed.value;
  const label = c.spec.label.toLowerCase();
  const description = c.spec.choices.find((x) => x.value === c.value)?.description ?? '';
  const same = c.before === c.value;
  const answered = same ? [] : await ctx.services.games.playForcedMoves({ game: c.game });
  const parts = [
    same
      ? `Your ${label} in game #${gameId} is already **${c.value}** (${description}).`
      : `✅ Your ${label} in game #${gameId} is now **${c.value}** (${description}).`,
  ];
  if (answered.length) parts.push(`It answered at once what was waiting for you: **${answered.map((a) => a.notation).join('**, **')}**.`);
  return ok({ game: answered.at(-1)?.game ?? c.game, seat: c.seat, text: parts.join(' '), answered, changed: !same });
}

/** The board after a change: the answered moves announced, or the board redrawn with the new setting. */
export async function showSettingChange(ctx: BotContext, change: SettingChange, userId: string): Promise<void> {
  if (change.answered.length) await ctx.flow.announceMoves(change.answered, { mover: userId });
  else if (change.changed) await ctx.flow.refreshBoard(change.game.id);
}

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
  const game = await ctx.services.games.load(action.gameId);
  if (!game || game.guildId !== (i.guildId ?? null)) return say({ content: 'That game no longer exists.' });
  if (game.status !== 'ACTIVE') return say({ content: staleText(game) });
  const def = ctx.services.games.defOf(game);
  const seat = game.seats.findIndex((s) => s.kind === 'human' && s.userId === i.user.id);
  if (seat < 0) return say({ content: 'You are not playing in this game: its settings belong to its players.' });
  if (!def.seatSettings?.length) return say({ content: `${def.title} has no player settings.` });
  if (action.name === undefined || action.value === undefined) return say(settingsPanel(def, game, seat));
  const change = await changeSetting(ctx, game.id, i.user.id, action.name, action.value);
  if (!change.ok) return say({ content: change.error.message });
  await say(settingsPanel(def, change.value.game, seat, change.value.text));
  await showSettingChange(ctx, change.value, i.user.id);
}

/** For `/siege move`: a typed phrase that changes a setting ("defence strongest"), or null for a move. */
export function typedSetting(def: GameDefinition, text: string): Result<{ name: string; value: string }> | null {
  const read = def.parseSetting?.(text) ?? null;
  if (!read) return null;
  return read.ok ? ok(read.value) : err(read.error.code, read.error.message);
}
