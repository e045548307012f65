// Presses on a game's components: choose along the move tree, page, resign.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  type EmbedBuilder,
  MessageFlags,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { GameDefinition, Seat } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { ChangeOrigin } from '../../master/index.js';
import { hasPreviewRenderer } from '../../render/index.js';
import { boardAlt } from '../../services/boardAlt.js';
import type { PreparedMove } from '../../services/games.js';
import { choiceLevel, findMoveByPath } from '../../services/moveChoices.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import { decodeCustomId, encodeCustomId, type ComponentAction } from '../customId.js';
import type { PressAnswer } from '../publish/pressAnswers.js';
import { DISCORD } from '../publish/publisher.js';
import { supersededEdit } from '../views/board.js';
import { currentBoardText, staleText } from '../views/links.js';
import { buildMoveComponents, type Row } from '../views/moveComponents.js';
import { refusal } from '../views/refusal.js';
import { bold, gameTitle, seatWho } from '../views/words.js';
import { sayMove } from '../../services/phrases.js';
import { describedBeside } from './describePress.js';
import { drawingsOf } from './drawings.js';
import { gameOfPress, seatToAct } from './gameAccess.js';
import { PressAck } from './pressAck.js';
import { replyPrivately } from './replies.js';
import { panelGone } from './stepPanels.js';
import { playsIn } from '../../services/seats.js';

/** Said after a move whose board could not be posted: the move stands, and where to see it. */
export function boardNotPosted(sp: Speaker): string {
  return sp.t('discord:press.boardNotPosted', { command: '`/siege board`' });
}

/** "✅ You played **F7 SE**." */
export function youPlayed(sp: Speaker, move: string): string {
  return sp.t('discord:press.youPlayed', { icon: '✅', move: bold(move) });
}

type Press = ButtonInteraction | StringSelectMenuInteraction;
type GameAction = Extract<ComponentAction, { kind: 'move' | 'page' | 'resign' | 'resign-confirm' }>;

type Reply = { content: string; components?: Row[]; files?: AttachmentBuilder[]; embeds?: EmbedBuilder[] };

/**
 * Follows the choices down while a step offers exactly one: it is taken for the player. Returns
 * the path and the move it completes, if it does.
 */
function descendForced(def: GameDefinition, state: unknown, seat: Seat, path: string[]): { path: string[]; move: unknown | null } {
  const out = [...path];
  for (let guard = 0; guard < 8 && out.length > 0; guard++) {
    const move = findMoveByPath(def, state, seat, out);
    if (move !== null) return { path: out, move };
    const level = choiceLevel(def, state, seat, out);
    if (level.options.length !== 1) break;
    out.push(level.options[0]!.key);
  }
  return { path: out, move: null };
}

/** Who the game waits for: "Red (<@1>)", or '' when nobody is to act. */
function waitingFor(sp: Speaker, def: GameDefinition, game: GameSnapshot): string {
  const toAct = def.toAct(game.state);
  return toAct.length ? sp.list(toAct.map((s) => seatWho(sp, def, game, s))) : '';
}

/** "It is not your turn: waiting for Red (<@1>)." for a player pressing another's choices. */
function notYourTurn(sp: Speaker, def: GameDefinition, game: GameSnapshot): string {
  const who = waitingFor(sp, def, game);
  return who ? sp.t('discord:press.notYourTurnWaiting', { who }) : sp.t('discord:press.notYourTurn');
}

/** "Waiting for Red (<@1>).", or nothing when nobody is to act. */
function waitingText(sp: Speaker, def: GameDefinition, game: GameSnapshot): string {
  const who = waitingFor(sp, def, game);
  return who ? sp.t('discord:press.waitingFor', { who }) : '';
}

const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');

export async function handleGameComponent(ctx: BotContext, i: Press, action: GameAction): Promise<void> {
  const ack = new PressAck(i, !i.message.flags.has(MessageFlags.Ephemeral));
  try {
    if (ack.onBoard) await answerPress(ctx, i, ack, action);
    // Presses on one private panel are handled in turn; one on a panel its move removed is only acknowledged.
    else await ctx.panels.onePressAtATime(i, action.gameId, (panelThere) => (panelThere ? answerPress(ctx, i, ack, action) : ack.defer()));
  } finally {
    // A failure (the database unreachable) is answered by the router: not before the timer's
    // acknowledgement, if one is under way, has landed.
    await ack.settled();
  }
}

async function answerPress(ctx: BotContext, i: Press, ack: PressAck, action: GameAction): Promise<unknown> {
  // Every answer here is private: in the presser's language.
  const sp = ctx.locales.reader(i);
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return ack.answer({ content: sp.t('discord:access.gameGone') });
  if (game.status !== 'ACTIVE' || game.version !== action.version) {
    // A second tap on a panel's last choice may come after the first made the move and removed
    // the panel: nothing is left to answer on.
    return ack.answer({ content: staleText(sp, game, i.message.id) }).catch((e) => { if (ack.onBoard || !panelGone(e)) throw e; });
  }
  const def = ctx.services.games.defOf(game);
  const player = playsIn(game, i.user.id);
  if (!player) return ack.answer({ content: sentences(sp.t('discord:press.notPlaying'), waitingText(sp, def, game)) });

  if (action.kind === 'resign') {
    const confirm = new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'resign-confirm', gameId: game.id, version: game.version }))
      .setLabel(sp.t('discord:buttons.resignConfirm').slice(0, 80))
      .setStyle(ButtonStyle.Danger);
    return ack.answer({
      content: sp.t('discord:press.resignAsk', { id: game.id, game: gameTitle(sp, def) }),
      components: [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(confirm)],
    });
  }
  if (action.kind === 'resign-confirm') {
    const done = await ctx.master.resign(game.id, i.user.id, { front: DISCORD });
    if (!done.ok) return ack.answer({ content: refusal(sp, done.error, def.id) });
    return ack.answer({ content: sp.t('discord:press.resigned', { id: game.id }) });
  }

  const seat = seatToAct(def, game, i.user.id);
  // Not their turn: said here, with whom the game waits for, like a press on another's choices.
  if (!seat.ok) return ack.answer({ content: seat.error.code === 'not-your-turn' ? notYourTurn(sp, def, game) : refusal(sp, seat.error, def.id) });
  const picked = action.kind === 'move' && i.isStringSelectMenu() ? [...action.path, ...i.values.slice(0, 1)] : action.path;
  const inTurn = def.toAct(game.state).includes(seat.value);
  // A waiting player may play a move the rules allow out of turn, but the buttons of the player
  // to act are not theirs.
  if (!inTurn && picked.length > 0 && !choiceLevel(def, game.state, seat.value, []).options.some((o) => o.key === picked[0])) {
    return ack.answer({ content: notYourTurn(sp, def, game) });
  }
  const { path, move } = action.kind === 'move' ? descendForced(def, game.state, seat.value, picked) : { path: picked, move: null };
  if (move === null) {
    const page = action.kind === 'page' ? action.page : 0;
    const step = await stepPanel(ctx, sp, i.user.id, def, game, seat.value, path, page);
    if (!step) return ack.answer({ content: sp.t('discord:press.choiceGone', { command: '`/siege board`' }) });
    if (ack.onBoard) return ctx.panels.showInPanel(i, ack, game.id, step);
    await ack.answer(step);
    return ctx.panels.keepPanel(i, game.id);
  }
  return commitPress(ctx, sp, i, ack, game, move);
}

/**
 * The private step, in the presser's language: the question, the choices, and for a game that
 * can draw them, the candidates numbered on a picture.
 */
async function stepPanel(ctx: BotContext, sp: Speaker, userId: string, def: GameDefinition, game: GameSnapshot, seat: Seat, path: string[], page: number): Promise<Reply | null> {
  const preview = path.length > 0 ? await previewOf(ctx, sp, userId, def, game, seat, path) : null;
  const built = buildMoveComponents({ sp, def, gameId: game.id, version: game.version, state: game.state, seat, chosen: path, page, numbered: preview !== null });
  if (built.level.options.length === 0) return null;
  const question = `${built.level.prompt}${built.pageInfo}`;
  // A member who asked for boards in words has the position beside the step's choices.
  const embeds = await describedBeside(ctx, sp, game, userId, seat);
  return { content: preview ? `${question} ${sp.t('discord:moves.numbered')}` : question, components: built.rows, files: preview ? [preview] : [], embeds };
}

/**
 * The candidate moves of a step drawn on the board, when every choice there completes a move and
 * the game can draw them. Kept once drawn; a member whose drawings of the minute are spent
 * (drawings.ts) gets the step without it: a preview helps a move, and never stands in its way.
 */
async function previewOf(ctx: BotContext, sp: Speaker, userId: string, def: GameDefinition, game: GameSnapshot, seat: Seat, path: string[]): Promise<AttachmentBuilder | null> {
  if (!hasPreviewRenderer(game.gameType)) return null;
  const level = choiceLevel(def, game.state, seat, path);
  if (level.options.length < 2 || level.options.length > 10 || !level.options.every((o) => o.completes)) return null;
  const candidates = level.options.map((o, n) => ({ number: n + 1, move: findMoveByPath(def, game.state, seat, [...path, o.key]) }));
  // Drawn in the presser's language: each language's picture is kept apart.
  const key = `preview:${sp.locale}:${game.id}:${game.version}:${seat}:${path.join('/')}`;
  const drawings = drawingsOf(ctx);
  if (drawings.allow(key, userId) > 0) return null;
  const view = def.view(game.state, def.seats.max === 1 ? 0 : undefined) as object;
  const png = await drawings.png(key, () => ctx.render.previewPng(game.gameType, view, candidates, { locale: sp.locale }));
  const description = boardAlt(sp, def, game, { index: game.moveCount, last: game.moveCount, view, lead: sp.t('discord:moves.previewAlt', { count: candidates.length }) });
  return new AttachmentBuilder(png, { name: `preview-${game.id}-${game.version}.png`, description });
}

/**
 * A press that completes a move. Nothing is said about the move before it is saved: a crash in
 * between must not leave a board that claims a move that never happened (a retired board, no
 * buttons). A move that hands the game over then retires the pressed board in the press's own
 * answer; a step that keeps the turn is acknowledged at once, and the board updated in place.
 * The move is checked first (prepareMove), the press acknowledged as the check allows, and only
 * then saved (commitMove); how the press answers on the pressed board is registered by its
 * interaction id for the time the master takes (pressAnswers.ts): the origin it is given is data.
 */
async function commitPress(ctx: BotContext, sp: Speaker, i: Press, ack: PressAck, game: GameSnapshot, move: unknown): Promise<void> {
  const onBoard = ack.onBoard;
  /** The panel pressed says `content` and stays the player's open panel (unless a second tap removed it). */
  const panelSays = async (content: string) => {
    await i.editReply({ content, components: [], files: [], attachments: [], embeds: [], allowedMentions: { parse: [] } })
      .then(() => ctx.panels.keepPanel(i, game.id), (e) => { if (!panelGone(e)) throw e; });
  };
  let outOfTurn = false;
  let standing = '';
  /** Acknowledges the press as the checked move allows, then saves it, the press's answers known meanwhile. */
  const commit = async (p: PreparedMove) => {
    // A move made out of turn is confirmed privately; the board then changes in place, if at all.
    outOfTurn = !p.moverWasToAct;
    standing = sentences(sp.t('discord:press.standing', { icon: '✅', move: bold(sayMove(sp, p.notationPhrase, p.notation)) }), waitingText(sp, p.def, game));
    if (!onBoard || !(outOfTurn || p.handOver)) await ack.defer();
    const origin: ChangeOrigin = { front: DISCORD, interactionId: i.id, startedAt: i.createdTimestamp };
    if (!onBoard || outOfTurn) return ctx.master.commitMove(p, { source: 'button', origin });
    const answer: PressAnswer = { editPressed: (payload) => i.editReply(payload) };
    if (p.handOver) {
      origin.pressedBoardId = i.message.id;
      answer.retirePressed = (text) => ack.update(supersededEdit(text));
    }
    return ctx.publisher.pressAnswers.during(i.id, answer, () => ctx.master.commitMove(p, { source: 'button', origin }));
  };
  const prepared = await ctx.master.prepareMove({ gameId: game.id, actor: { kind: 'user', userId: i.user.id }, input: { move }, expectedVersion: game.version, loaded: game });
  const played = prepared.ok ? await commit(prepared.value) : prepared;
  if (!played.ok) {
    // A double tap: the refusal says the game changed, then where its board is (or that it follows); once.
    const fresh = played.error.code === 'conflict' ? await ctx.services.games.load(game.id) : null;
    const said = refusal(sp, played.error, game.gameType);
    const where = fresh && currentBoardText(sp, fresh, i.message.id);
    const text = where ? `${said} ${where}` : said;
    if (onBoard) await ack.answer({ content: text });
    else await panelSays(text);
    return;
  }
  if (onBoard && outOfTurn) await ctx.panels.showInPanel(i, ack, game.id, { content: standing });
  const { notation, notationPhrase } = played.value.prepared;
  if (!played.value.receipt.shown) {
    if (onBoard) await i.followUp({ content: boardNotPosted(sp), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    else await panelSays(`${youPlayed(sp, sayMove(sp, notationPhrase, notation))} ${boardNotPosted(sp)}`);
    return;
  }
  // A standing choice leaves its confirmation as the open panel; a move removes the panel.
  if (outOfTurn && !onBoard) await panelSays(standing);
  else if (!outOfTurn && onBoard) await ctx.panels.closePanelAfterMove(game.id, i.user.id, i.createdAt);
  else if (!outOfTurn) await ctx.panels.closePanel(game.id, i.user.id, i.createdAt, i);
}

/**
 * A press on a control its message does not carry (a board replaced since, still shown with its
 * buttons by the presser's client; a forged press), or with a customId of no format this bot
 * knows. A control of a game whose live board is another message is out of date: the presser is
 * told so, with a link to the current board. Anything else is from an older version of the bot.
 * Nothing is acted on.
 */
export async function replyUnknownComponent(ctx: BotContext, i: Press): Promise<void> {
  const sp = ctx.locales.reader(i);
  const action = decodeCustomId(i.customId);
  const gameId = action && 'gameId' in action ? action.gameId : null;
  const game = gameId ? await gameOfPress(ctx.services, gameId, i.guildId ?? null) : null;
  if (game && game.boardMessageId !== i.message.id) return replyPrivately(i, staleText(sp, game));
  await replyPrivately(i, sp.t('discord:press.unknownButton', { command: '`/siege board`' }));
}
