import { EmbedBuilder, MessageFlags, type SlashCommandSubcommandBuilder } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { boardLink } from '../src/discord/views/links.js';
import { describeSeat } from '../src/services/games.js';
import { timeLeft } from '../src/services/clocks.js';
import type { GameSnapshot } from '../src/services/types.js';
import type { Subcommand } from './types.js';

function summary(ctx: BotContext, g: GameSnapshot, userId: string): string {
  const def = ctx.services.games.defOf(g);
  const toAct = def.toAct(g.state);
  const mine = toAct.some((s) => { const seat = g.seats[s]; return seat?.kind === 'human' && seat.userId === userId; });
  const opponents = g.seats
    .filter((s) => !(s.kind === 'human' && s.userId === userId))
    .map((s) => (s.kind === 'ai' ? `AI (${s.level})` : `<@${s.userId}>`));
  const turn = mine ? '**your turn**' : `waiting for ${toAct.map((s) => describeSeat(def, g, s)).join(' and ')}`;
  const link = boardLink(g);
  return `#${g.id} ${def.title}${opponents.length ? ` vs ${opponents.join(', ')}` : ' (solo)'}: ${turn} · ${clockText(g, ctx.services.now())}${link ? ` · [board](${link})` : ''}`;
}

/** The time left in a game's turn, as `/siege games` lists it. */
function clockText(g: GameSnapshot, now: Date): string {
  if (g.timedOutAt) return '⌛ out of time, the win can be claimed';
  if (!g.deadlineAt) return g.clockSeconds === null ? 'no clock' : 'clock waiting';
  return `⏰ ${timeLeft(g.deadlineAt, now)} left (<t:${Math.floor(g.deadlineAt.getTime() / 1000)}:R>)`;
}

/** The optional `game` option shared by the subcommands that act on one game. */
export function withGameOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) =>
    o.setName('game').setDescription('Which game (default: the game of this thread)').setAutocomplete(true).setMinValue(1),
  );
}

/** Autocomplete choices naming the user's active games here. */
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

export async function gameChoices(ctx: BotContext, userId: string, guildId: string | null) {
  const mine = await myGamesHere(ctx, userId, guildId);
  return mine.slice(0, 25).map((g) => {
    const def = ctx.services.games.defOf(g);
    const myTurn = g.toActUserIds.includes(userId);
    return { name: `#${g.id} ${def.title}${myTurn ? ' (your turn)' : ''}`.slice(0, 100), value: g.id };
  });
}

export const gamesCommand: Subcommand = {
  name: 'games',
  define: (sub) => sub.setName('games').setDescription('Your active games, whose turn it is, and links to their boards'),
  async execute(ctx, i) {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const mine = await myGamesHere(ctx, i.user.id, i.guildId ?? null);
    if (!mine.length) {
      await i.editReply('You have no active games here. Start one with `/siege start`.');
      return;
    }
    const lines = mine.map((g) => summary(ctx, g, i.user.id));
    let description = '';
    for (const line of lines) {
      if (description.length + line.length + 1 > 4000) { description += '\n…'; break; }
      description += (description ? '\n' : '') + line;
    }
    await i.editReply({
      embeds: [new EmbedBuilder().setTitle(`Your games (${mine.length})`).setDescription(description).setColor(0xc9a227)],
      allowedMentions: { parse: [] },
    });
  },
};
