import { EmbedBuilder, MessageFlags, type SlashCommandSubcommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { boardLink } from '../src/discord/views/links.js';
import type { Speaker } from '../src/i18n/index.js';
import { seatNameIn } from '../src/services/boardPicture.js';
import { seatsOf } from '../src/services/seats.js';
import type { GameSnapshot } from '../src/services/types.js';
import { localized } from './localize.js';
import { aiLevelText, aiText, commandText, gameTitle, timeLeftText, unix } from './speech.js';
import type { Subcommand } from './types.js';

/** A seat as `/siege games` names it: "Red (<@id>)", "Blue (AI, easy)". */
function seatText(sp: Speaker, ctx: BotContext, g: GameSnapshot, seat: number): string {
  const def = ctx.services.games.defOf(g);
  const name = seatNameIn(sp, def, seat);
  const s = g.seats[seat];
  if (!s) return name;
  if (s.kind === 'ai') return sp.t('commands:games.seatAi', { seat: name, level: aiLevelText(sp, s.level) });
  return sp.t('services:seat.withPlayer', { seat: name, player: `<@${s.userId}>` });
}

function summary(sp: Speaker, ctx: BotContext, g: GameSnapshot, userId: string): string {
  const def = ctx.services.games.defOf(g);
  const toAct = def.toAct(g.state);
  const own = seatsOf(g, userId);
  const mine = toAct.some((s) => own.includes(s));
  const opponents = g.seats
    .filter((_, seat) => !own.includes(seat))
    .map((s) => (s.kind === 'ai' ? aiText(sp, s.level) : `<@${s.userId}>`));
  const game = opponents.length
    ? sp.t('commands:games.versus', { id: g.id, game: gameTitle(sp, def), opponents: opponents.join(', ') })
    : sp.t('commands:games.solo', { id: g.id, game: gameTitle(sp, def) });
  const turn = mine ? `**${sp.t('commands:games.yourTurn')}**` : sp.t('commands:games.waitingFor', { seats: sp.list(toAct.map((s) => seatText(sp, ctx, g, s))) });
  const link = boardLink(g);
  const parts = [`${game}: ${turn}`, clockText(sp, g, ctx.services.now()), ...(link ? [`[${sp.t('commands:games.board')}](${link})`] : [])];
  return parts.join(' · ');
}

/** The time left in a game's turn, as `/siege games` lists it. */
function clockText(sp: Speaker, g: GameSnapshot, now: Date): string {
  if (g.timedOutAt) return `⌛ ${sp.t('commands:games.clock.timedOut')}`;
  if (!g.deadlineAt) return sp.t(g.clockSeconds === null ? 'commands:games.clock.none' : 'commands:games.clock.waiting');
  return `⏰ ${sp.t('commands:games.clock.left', { left: timeLeftText(sp, g.deadlineAt, now), when: `<t:${unix(g.deadlineAt)}:R>` })}`;
}

/** The optional `game` option shared by the subcommands that act on one game. */
export function withGameOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) => localized(o.setName('game'), 'commands:options.game').setAutocomplete(true).setMinValue(1));
}

/**
 * A member's games as they want them listed: those where it is their move first, least time
 * left first (no clock last), then the others, most recently moved first.
 */
export function byUrgency(games: GameSnapshot[], userId: string): GameSnapshot[] {
  const mine = (g: GameSnapshot) => g.toActUserIds.includes(userId);
  const left = (g: GameSnapshot) => g.deadlineAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...games].sort((a, b) =>
    Number(mine(b)) - Number(mine(a))
    || (mine(a) ? left(a) - left(b) : 0)
    || b.updatedAt.getTime() - a.updatedAt.getTime());
}

async function myGamesHere(ctx: BotContext, userId: string, guildId: string | null): Promise<GameSnapshot[]> {
  return byUrgency((await ctx.services.games.activeGamesOf(userId)).filter((g) => g.guildId === guildId), userId);
}

/** Autocomplete choices naming the user's active games here, in their language. */
export async function gameChoices(ctx: BotContext, sp: Speaker, userId: string, guildId: string | null) {
  const mine = await myGamesHere(ctx, userId, guildId);
  return mine.slice(0, 25).map((g) => {
    const def = ctx.services.games.defOf(g);
    const key = g.toActUserIds.includes(userId) ? 'commands:games.choiceYourTurn' : 'commands:games.choice';
    return { name: sp.t(key, { id: g.id, game: gameTitle(sp, def) }).slice(0, 100), value: g.id };
  });
}

export const gamesCommand: Subcommand = {
  name: 'games',
  define: (sub) => localized(sub.setName('games'), 'commands:games'),
  async execute(ctx, i) {
    const sp = ctx.locales.reader(i);
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const mine = await myGamesHere(ctx, i.user.id, i.guildId ?? null);
    if (!mine.length) {
      await i.editReply(sp.t('commands:games.none', { command: commandText(sp, 'start') }));
      return;
    }
    const lines = mine.map((g) => summary(sp, ctx, g, i.user.id));
    let description = '';
    for (const line of lines) {
      if (description.length + line.length + 1 > 4000) { description += '\n…'; break; }
      description += (description ? '\n' : '') + line;
    }
    await i.editReply({
      embeds: [new EmbedBuilder().setTitle(sp.t('commands:games.title', { n: sp.number(mine.length) })).setDescription(description).setColor(0xc9a227)],
      allowedMentions: { parse: [] },
    });
  },
};
