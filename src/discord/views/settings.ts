// A player's own settings in a game (Dice Realms' standing defence policy), shown privately:
// each setting with its current value, and a button per value.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { SettingChanged } from '../../services/master/index.js';
import { settingsOf } from '../../services/seatSettings.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId } from '../customId.js';
import type { Row } from './moveComponents.js';

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

/** What the player is told of a setting they changed, and of what it answered at once. */
export function settingChangeText(c: SettingChanged): string {
  const label = c.label.toLowerCase();
  const parts = [
    c.same
      ? `Your ${label} in game #${c.game.id} is already **${c.value}** (${c.description}).`
      : `✅ Your ${label} in game #${c.game.id} is now **${c.value}** (${c.description}).`,
  ];
  if (c.answered.length) parts.push(`It answered at once what was waiting for you: **${c.answered.map((a) => a.notation).join('**, **')}**.`);
  return parts.join(' ');
}
