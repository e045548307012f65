// A player's own settings in a game (Dice Realms' standing defence policy), shown privately in the
// player's language: each setting with its current value, and a button per value. Values stay as
// they are typed (`strongest`); their labels and meanings come from the game's catalog.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameDefinition, Seat, SeatSettingSpec } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { SettingChanged } from '../../master/index.js';
import { settingsOf } from '../../services/seatSettings.js';
import type { GameSnapshot } from '../../services/types.js';
import { encodeCustomId } from '../customId.js';
import type { Row } from './moveComponents.js';
import { bold, gameText } from './words.js';
import { sayMove } from '../../services/phrases.js';

type Choice = SeatSettingSpec['choices'][number];

const settingLabel = (sp: Speaker, def: GameDefinition, spec: Pick<SeatSettingSpec, 'name' | 'label'>) => gameText(sp, def, `settings.${spec.name}.label`, spec.label);
const choiceLabel = (sp: Speaker, def: GameDefinition, spec: SeatSettingSpec, c: Choice) => gameText(sp, def, `settings.${spec.name}.choices.${c.value}.label`, c.label);
const choiceMeaning = (sp: Speaker, def: GameDefinition, spec: SeatSettingSpec, c: Choice) => gameText(sp, def, `settings.${spec.name}.choices.${c.value}.description`, c.description);

/** The private panel: each setting with its current value, and a button per value. */
export function settingsPanel(sp: Speaker, def: GameDefinition, game: GameSnapshot, seat: Seat, lead = ''): { content: string; components: Row[] } {
  const mine = settingsOf(def, game, seat);
  const specs = (def.seatSettings ?? []).slice(0, 5);
  const lines = specs.map((spec) => {
    const now = spec.choices.find((c) => c.value === mine[spec.name]);
    const values = { setting: bold(settingLabel(sp, def, spec)), id: game.id, value: bold(mine[spec.name] ?? '') };
    return now ? sp.t('discord:settings.now', { ...values, meaning: choiceMeaning(sp, def, spec, now) }) : sp.t('discord:settings.nowBare', values);
  });
  const rows = specs.map((spec) =>
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      spec.choices.slice(0, 5).map((c) =>
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'settings', gameId: game.id, name: spec.name, value: c.value }))
          .setLabel(choiceLabel(sp, def, spec, c).slice(0, 80))
          .setStyle(c.value === mine[spec.name] ? ButtonStyle.Success : ButtonStyle.Secondary)
          .setDisabled(c.value === mine[spec.name]),
      ),
    ),
  );
  return { content: [lead, ...lines, sp.t('discord:settings.notAMove')].filter(Boolean).join('\n'), components: rows };
}

/**
 * A setting's name inside a sentence ("Your defence policy"): languages that write nouns in lower
 * case inside a sentence lower its first letter; German keeps its capital.
 */
function inSentence(sp: Speaker, label: string): string {
  return sp.locale === 'de' ? label : label.charAt(0).toLocaleLowerCase(sp.locale) + label.slice(1);
}

/** What the player is told of a setting they changed, and of what it answered at once. */
export function settingChangeText(sp: Speaker, def: GameDefinition, c: SettingChanged): string {
  const spec = def.seatSettings?.find((s) => s.label === c.label);
  const choice = spec?.choices.find((x) => x.value === c.value);
  const values = {
    setting: inSentence(sp, spec ? settingLabel(sp, def, spec) : c.label),
    id: c.game.id,
    value: bold(c.value),
    meaning: spec && choice ? choiceMeaning(sp, def, spec, choice) : c.description,
  };
  const parts = [c.same ? sp.t('discord:settings.already', values) : sp.t('discord:settings.changed', { ...values, icon: '✅' })];
  if (c.answered.length) parts.push(sp.t('discord:settings.answered', { moves: c.answered.map((a) => bold(sayMove(sp, a.notationPhrase, a.notation))).join(', ') }));
  return parts.join(' ');
}
