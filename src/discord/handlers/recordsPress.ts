// Records on Discord: the pages of a game's move history, the steps of a private review, and a
// finished game's replay on request, each in the presser's language. Each asks the visibility
// rule first (services/visibility.ts). A review's boards are kept once drawn and paid from the
// member's drawing budget (drawings.ts).
import { AttachmentBuilder, MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameDefinition } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import { hasBoardRenderer } from '../../render/index.js';
import { MAX_ALT_CHARS, statusSentence } from '../../services/boardAlt.js';
import { historyEntries, reviewPosition } from '../../services/records/history.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import type { ComponentAction } from '../customId.js';
import { historyMessage, reviewMessage } from '../views/records.js';
import { refusal } from '../views/refusal.js';
import { altNames, gameTitle, seatWithName } from '../views/words.js';
import { drawingsOf, KEPT_STEP_COST, tooFastText } from './drawings.js';
import { gameOfPress } from './gameAccess.js';
import { replyPrivately } from './replies.js';

type Press = ButtonInteraction | StringSelectMenuInteraction;
type RecordsAction = Extract<ComponentAction, { kind: 'history' | 'review' }>;

/** The history of a game as its list shows it, page `page` (null: the last), in `sp`'s language. */
export async function historyOf(ctx: BotContext, sp: Speaker, def: GameDefinition, game: GameSnapshot, page: number | null) {
  return historyMessage(sp, def, game, historyEntries(def, game, await ctx.services.records.moveLog(game.id)), page);
}

/**
 * What names a review position's image: a position never changes once played, so the game's
 * version, the seat's view and the language it is drawn in do.
 */
const reviewKey = (sp: Speaker, game: GameSnapshot, index: number, seat: number | undefined) => `review:${sp.locale}:${game.id}:${game.version}:${index}:${seat ?? 'all'}`;

/**
 * A review at position `index` (of at most `upTo`) as `seat` sees it, for `userId`, in `sp`'s
 * language: its board kept from an earlier press, or drawn by a render worker after the live
 * boards, paid from the member's drawings (drawings.ts) unless the caller paid already (`paid`).
 * When the member has no drawing left this minute, the seconds until they have.
 */
export async function reviewOf(ctx: BotContext, sp: Speaker, def: GameDefinition, game: GameSnapshot, upTo: number, index: number, seat: number | undefined, userId: string, paid = false): Promise<{ message: ReturnType<typeof reviewMessage> } | { retryInSeconds: number }> {
  const position = reviewPosition(def, game, await ctx.services.records.moveLog(game.id), upTo, index, seat);
  if (!hasBoardRenderer(game.gameType)) return { message: reviewMessage(def, game, position, null, { sp }) };
  const drawings = drawingsOf(ctx);
  const key = reviewKey(sp, game, position.index, seat);
  const wait = paid ? 0 : drawings.allow(key, userId, KEPT_STEP_COST);
  if (wait) return { retryInSeconds: wait };
  const [png, players] = await Promise.all([
    drawings.png(key, () => ctx.render.boardPng(game.gameType, position.view, { locale: sp.locale }, { priority: 'review' })),
    ctx.publisher.places.playerNames(game, sp),
  ]);
  return { message: reviewMessage(def, game, position, png, { sp, players: altNames(sp, game, players) }) };
}

/**
 * A review step refused for want of budget: the member is told privately when to go on, once;
 * the presses after it until then are acknowledged without a word (the review stays as it is).
 */
async function refuse(ctx: BotContext, i: ButtonInteraction, retryInSeconds: number): Promise<void> {
  if (drawingsOf(ctx).tell(i.user.id, retryInSeconds)) return replyPrivately(i, tooFastText(ctx.locales.reader(i), retryInSeconds));
  await i.deferUpdate();
}

export async function handleRecordsComponent(ctx: BotContext, i: Press, action: RecordsAction): Promise<void> {
  const sp = ctx.locales.reader(i);
  if (!i.isButton()) return replyPrivately(i, sp.t('discord:press.unknownControl'));
  const drawings = drawingsOf(ctx);
  // A member whose budget cannot pay even a step to a kept board is refused before anything is
  // read, in the press's own answer (a callback: nothing of Discord's global limit, which the
  // boards need). However fast one member presses, the rest costs the bot next to nothing.
  const early = action.kind === 'review' ? drawings.ready(i.user.id, KEPT_STEP_COST) : 0;
  if (early) return refuse(ctx, i, early);
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return replyPrivately(i, sp.t('discord:access.gameGone'));
  const def = ctx.services.games.defOf(game);
  const sight = await ctx.services.visibility.gameSightFor(game, i.user.id, action.kind === 'history' ? 'moves' : 'positions');
  if (!sight.ok) return replyPrivately(i, refusal(sp, sight));
  if (action.kind === 'history') return void (await i.update(await historyOf(ctx, sp, def, game, action.page)));
  // A position already drawn is shown in the press's own answer (an update callback), as is a
  // step the member has no budget for, refused: the review then stays where it was. A button
  // names its position exactly.
  const key = reviewKey(sp, game, action.index, sight.seat);
  const kept = !hasBoardRenderer(game.gameType) || drawings.kept(key);
  const wait = hasBoardRenderer(game.gameType) ? drawings.allow(key, i.user.id, KEPT_STEP_COST) : 0;
  if (wait) return refuse(ctx, i, wait);
  const show = async () => reviewOf(ctx, sp, def, game, action.upTo, action.index, sight.seat, i.user.id, true);
  if (kept) {
    const review = await show();
    if ('message' in review) return void (await i.update({ ...review.message, attachments: [] }));
  }
  // A drawing may wait behind the live boards: acknowledged first.
  await i.deferUpdate();
  const review = await show();
  if ('retryInSeconds' in review) return replyPrivately(i, tooFastText(sp, review.retryInSeconds));
  await i.editReply({ ...review.message, attachments: [] });
}

/**
 * The animated replay of a finished game, on request (the Replay button under a result, and in a
 * review): the first request has it drawn in a render worker, which takes a few seconds; the
 * press is acknowledged at once and the file follows, described for a screen reader (the game,
 * its players and its result) in the presser's language, its frames drawn in it too.
 */
export async function handleReplay(ctx: BotContext, i: ButtonInteraction, gameId: number): Promise<void> {
  const sp = ctx.locales.reader(i);
  const game = await gameOfPress(ctx.services, gameId, i.guildId ?? null);
  if (!game) return replyPrivately(i, sp.t('discord:access.gameGone'));
  if (game.status !== 'FINISHED') return replyPrivately(i, sp.t('discord:replay.notOver', { id: game.id }));
  const def = ctx.services.games.defOf(game);
  // A daily's replay would show its deal: the same rule as a review decides.
  const sight = await ctx.services.visibility.gameSightFor(game, i.user.id, 'positions');
  if (!sight.ok) return replyPrivately(i, refusal(sp, sight));
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const [replay, players] = await Promise.all([ctx.services.replays.replayOf(game, sp.locale), ctx.publisher.places.playerNames(game, sp)]);
  const title = gameTitle(sp, def);
  if (!replay) return replyPrivately(i, sp.t('discord:replay.noBoard', { game: title }));
  const values = { id: game.id, game: title, frames: replay.frames, count: replay.positions };
  const content = replay.frames < replay.positions ? sp.t('discord:replay.sampled', values) : sp.t('discord:replay.whole', values);
  const names = altNames(sp, game, players);
  const description = sp.t('discord:replay.alt', {
    id: game.id,
    game: title,
    players: sp.list(game.seats.map((_, seat) => seatWithName(sp, def, seat, names?.[seat]))),
    result: statusSentence(sp, def, game, names),
  }).slice(0, MAX_ALT_CHARS);
  await i.editReply({
    content,
    files: [new AttachmentBuilder(replay.data, { name: replay.fileName, description })],
    allowedMentions: { parse: [] },
  });
}
