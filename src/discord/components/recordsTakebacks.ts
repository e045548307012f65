// Undo (solo games) and takebacks (two-player games).
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { replyPrivately } from '../replies.js';

export type TakebackAction = Extract<ComponentAction, { kind: 'undo' | 'takeback-ask' | 'takeback-accept' | 'takeback-decline' }>;

export async function handleTakebackComponent(_ctx: BotContext, i: ButtonInteraction | StringSelectMenuInteraction, _action: TakebackAction): Promise<void> {
  await replyPrivately(i, 'Takebacks are not available yet.');
}
