// Presses on a game's components: choose along the move tree, page, resign.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type MessageActionRowComponentBuilder,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { GameDefinition, Seat } from '../../engine/contract.js';
import { hasPreviewRenderer } from '../../render/index.js';
import { describeSeat } from '../../services/games.js';
import { choiceLevel, findMoveByPath } from '../../services/moveChoices.js';
import type { GameSnapshot } from '../../services/types.js';
import type { BotContext } from '../context.js';
import { encodeCustomId, type ComponentAction } from '../customId.js';
import { DISCORD, type DiscordOrigin } from '../publish/publisher.js';
import { supersededEdit } from '../views/board.js';
import { staleText } from '../views/links.js';
import { buildMoveComponents, type Row } from '../views/moveComponents.js';
import { drawingsOf } from './drawings.js';
import { gameOfPress, seatToAct } from './gameAccess.js';
import { PressAck } from './pressAck.js';
import { replyPrivately } from './replies.js';
import { panelGone } from './stepPanels.js';

export const BOARD_NOT_POSTED = ' The move is saved, but the new board could not be posted to Discord; `/siege board` shows it.';

type Press = ButtonInteraction | StringSelectMenuInteraction;
type GameAction = Extract<ComponentAction, { kind: 'move' | 'page' | 'resign' | 'resign-confirm' }>;

type Reply = { content: string; components?: Row[]; files?: AttachmentBuilder[] };

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

/** "It is not your turn: waiting for Red (<@1>)." for a player pressing another's choices. */
function notYourTurn(def: GameDefinition, game: GameSnapshot): string {
  const waiting = def.toAct(game.state).map((s) => describeSeat(def, game, s)).join(' and ');
  return waiting ? `It is not your turn: waiting for ${waiting}.` : 'It is not your turn.';
}

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
  const game = await gameOfPress(ctx.services, action.gameId, i.guildId ?? null);
  if (!game) return ack.answer({ content: 'That game no longer exists.' });
  if (game.status !== 'ACTIVE' || game.version !== action.version) {
    // A second tap on a panel's last choice may come after the first made the move and removed
    // the panel: nothing is left to answer on.
    return ack.answer({ content: staleText(game) }).catch((e) => { if (ack.onBoard || !panelGone(e)) throw e; });
  }
  const def = ctx.services.games.defOf(game);
  const player = game.seats.some((s) => s.kind === 'human' && s.userId === i.user.id);
  if (!player) return ack.answer({ content: `You are not playing in this game. ${notYourTurn(def, game).replace('It is not your turn: w', 'W')}` });

  if (action.kind === 'resign') {
    const confirm = new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'resign-confirm', gameId: game.id, version: game.version }))
      .setLabel('Yes, resign')
      .setStyle(ButtonStyle.Danger);
    return ack.answer({
      content: `Resign game #${game.id} of ${def.title}? This cannot be undone.`,
      components: [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(confirm)],
    });
  }
  if (action.kind === 'resign-confirm') {
    const done = await ctx.master.resign(game.id, i.user.id, { front: DISCORD });
    if (!done.ok) return ack.answer({ content: done.error.message });
    return ack.answer({ content: `You resigned game #${game.id}.` });
  }

  const seat = seatToAct(def, game, i.user.id);
  if (!seat.ok) return ack.answer({ content: seat.error.message });
  const picked = action.kind === 'move' && i.isStringSelectMenu() ? [...action.path, ...i.values.slice(0, 1)] : action.path;
  const inTurn = def.toAct(game.state).includes(seat.value);
  // A waiting player may play a move the rules allow out of turn, but the buttons of the player
  // to act are not theirs.
  if (!inTurn && picked.length > 0 && !choiceLevel(def, game.state, seat.value, []).options.some((o) => o.key === picked[0])) {
    return ack.answer({ content: notYourTurn(def, game) });
  }
  const { path, move } = action.kind === 'move' ? descendForced(def, game.state, seat.value, picked) : { path: picked, move: null };
  if (move === null) {
    const page = action.kind === 'page' ? action.page : 0;
    const step = await stepPanel(ctx, i.user.id, def, game, seat.value, path, page);
    if (!step) return ack.answer({ content: 'That choice is not available any more. Use `/siege board` for the current options.' });
    if (ack.onBoard) return ctx.panels.showInPanel(i, ack, game.id, step);
    await ack.answer(step);
    return ctx.panels.keepPanel(i, game.id);
  }
  return commitPress(ctx, i, ack, game, move);
}

/** The private step: the question, the choices, and for a game that can draw them, the candidates numbered on a picture. */
async function stepPanel(ctx: BotContext, userId: string, def: GameDefinition, game: GameSnapshot, seat: Seat, path: string[], page: number): Promise<Reply | null> {
  const preview = path.length > 0 ? await previewOf(ctx, userId, def, game, seat, path) : null;
  const built = buildMoveComponents({ def, gameId: game.id, version: game.version, state: game.state, seat, chosen: path, page, numbered: preview !== null });
  if (built.level.options.length === 0) return null;
  return { content: `${built.level.prompt}${built.pageInfo}${preview ? ' (numbered as on the picture)' : ''}`, components: built.rows, files: preview ? [preview] : [] };
}

/**
 * The candidate moves of a step drawn on the board, when every choice there completes a move and
 * the game can draw them. Kept once drawn; a member whose drawings of the minute are spent
 * (drawings.ts) gets the step without it: a preview helps a move, and never stands in its way.
 */
async function previewOf(ctx: BotContext, userId: string, def: GameDefinition, game: GameSnapshot, seat: Seat, path: string[]): Promise<AttachmentBuilder | null> {
  if (!hasPreviewRenderer(game.gameType)) return null;
  const level = choiceLevel(def, game.state, seat, path);
  if (level.options.length < 2 || level.options.length > 10 || !level.options.every((o) => o.completes)) return null;
  const candidates = level.options.map((o, n) => ({ number: n + 1, move: findMoveByPath(def, game.state, seat, [...path, o.key]) }));
  const key = `preview:${game.id}:${game.version}:${seat}:${path.join('/')}`;
  const drawings = drawingsOf(ctx);
  if (drawings.allow(key, userId) > 0) return null;
  const png = await drawings.png(key, () => ctx.render.previewPng(game.gameType, def.view(game.state, def.seats.max === 1 ? 0 : undefined) as object, candidates));
  return new AttachmentBuilder(png, { name: `preview-${game.id}-${game.version}.png` });
}

/**
 * A press that completes a move. Nothing is said about the move before it is saved: a crash in
 * between must not leave a board that claims a move that never happened (a retired board, no
 * buttons). A move that hands the game over then retires the pressed board in the press's own
 * answer; a step that keeps the turn is acknowledged at once, and the board updated in place.
 */
async function commitPress(ctx: BotContext, i: Press, ack: PressAck, game: GameSnapshot, move: unknown): Promise<void> {
  const onBoard = ack.onBoard;
  /** The panel pressed says `content` and stays the player's open panel (unless a second tap removed it). */
  const panelSays = async (content: string) => {
    await i.editReply({ content, components: [], files: [], attachments: [], allowedMentions: { parse: [] } })
      .then(() => ctx.panels.keepPanel(i, game.id), (e) => { if (!panelGone(e)) throw e; });
  };
  let outOfTurn = false;
  let standing = '';
  const origin: DiscordOrigin = { front: DISCORD, startedAt: i.createdTimestamp };
  const played = await ctx.master.playMove({
    gameId: game.id,
    actor: { kind: 'user', userId: i.user.id },
    input: { move },
    expectedVersion: game.version,
    loaded: game,
    source: 'button',
    origin,
    async checked(p) {
      // A move made out of turn is confirmed privately; the board then changes in place, if at all.
      outOfTurn = !p.moverWasToAct;
      standing = `✅ You played **${p.notation}**. It stands until you change it. ${notYourTurn(p.def, game).replace('It is not your turn: w', 'W')}`;
      if (!onBoard || !(outOfTurn || p.handOver)) await ack.defer();
      if (onBoard && !outOfTurn) {
        origin.editPressed = (payload) => i.editReply(payload);
        if (p.handOver) {
          origin.pressedBoardId = i.message.id;
          origin.retirePressed = (text) => ack.update(supersededEdit(text));
        }
      }
    },
  });
  if (!played.ok) {
    const fresh = played.error.code === 'conflict' ? await ctx.services.games.load(game.id) : null;
    const text = fresh ? `${played.error.message} ${staleText(fresh)}` : played.error.message;
    if (onBoard) await ack.answer({ content: text });
    else await panelSays(text);
    return;
  }
  if (onBoard && outOfTurn) await ctx.panels.showInPanel(i, ack, game.id, { content: standing });
  const notation = played.value.prepared.notation;
  if (!played.value.receipt.shown) {
    if (onBoard) await i.followUp({ content: BOARD_NOT_POSTED.trim(), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    else await panelSays(`✅ You played **${notation}**.${BOARD_NOT_POSTED}`);
    return;
  }
  // A standing choice leaves its confirmation as the open panel; a move removes the panel.
  if (outOfTurn && !onBoard) await panelSays(standing);
  else if (!outOfTurn && onBoard) await ctx.panels.closePanelAfterMove(game.id, i.user.id, i.createdAt);
  else if (!outOfTurn) await ctx.panels.closePanel(game.id, i.user.id, i.createdAt, i);
}

export async function replyUnknownComponent(i: Press): Promise<void> {
  await replyPrivately(i, 'This button is not one I recognise (it may come from an older version of the bot). Use `/siege board` to get a fresh board.');
}
