// A player's private step panel in a game: at most one is open. A press on the board that shows
// a step (or a standing choice's confirmation) shows it in the open panel when there is one, so a
// double tap reuses the panel the first press opened; a finished move removes the panel. The
// panel is reached through the latest interaction token that can still edit it (a press on the
// board that opened it, or a press on it), kept by the stepPanels service.
import { DiscordAPIError, InteractionWebhook, type ButtonInteraction, type Client, type StringSelectMenuInteraction } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import { createKeyedLock } from '../../services/keyedLock.js';
import type { StepPanel, StepPanelService } from '../../services/stepPanels.js';
import type { PressAck } from './pressAck.js';

type Press = ButtonInteraction | StringSelectMenuInteraction;
type PanelBody = { content: string; components?: unknown[]; files?: unknown[]; embeds?: unknown[] };

/** Discord's answers for a panel nobody can reach any more: unknown message, unknown webhook, expired token. */
const GONE = new Set([10008, 10015, 50027]);
export const panelGone = (e: unknown) => e instanceof DiscordAPIError && GONE.has(Number(e.code));
const gone = panelGone;

/**
 * Everything that touches one player's panels in one game (opening, pressing, removing) runs in
 * turn in this process, in arrival order: a double tap reuses the panel the first press opened,
 * and no press edits a panel that another press is removing. A game's presses all come to the
 * process that serves its guild.
 */
export function createPanelKeeper(deps: { client: Client; stepPanels: StepPanelService; log: Logger; afterBoards(run: () => Promise<void>): void }) {
  const { client, stepPanels, log } = deps;
  const lock = createKeyedLock();
  const inTurn = <T>(gameId: number, userId: string, work: () => Promise<T>) => lock.run(`${gameId}:${userId}`, work);

  /**
   * Panels this process removed or is about to remove (their move was made, or a newer panel
   * replaced them), the newest few hundred. A panel goes in here, in turn with the player's other
   * panel work, before its removal is asked for: a press on it after that is only acknowledged,
   * never answered by an edit of a message that may be gone by then (Discord: 404, Unknown Message).
   */
  const removed = new Set<string>();
  const REMEMBERED = 500;
  const remember = (messageId: string) => {
    removed.add(messageId);
    if (removed.size > REMEMBERED) removed.delete(removed.values().next().value!);
  };

  /**
   * Handles a press on a panel in turn with the player's other panel work. `handle` is told
   * whether the panel is still there (a second tap on a panel's last choice comes after the first
   * made the move and removed it); a press on a removed panel is only acknowledged.
   */
  async function onePressAtATime(i: Press, gameId: number, handle: (panelThere: boolean) => Promise<unknown>): Promise<void> {
    await inTurn(gameId, i.user.id, () => handle(!removed.has(i.message.id)));
  }

  function webhookOf(panel: StepPanel): InteractionWebhook {
    return new InteractionWebhook(client as never, client.application!.id, panel.token);
  }

  /** Shows `body` in `panel`; false when Discord no longer has it (dismissed, or its token expired). */
  async function editPanel(panel: StepPanel, body: PanelBody): Promise<boolean> {
    try {
      await webhookOf(panel).editMessage(panel.ref, {
        content: body.content.slice(0, 2000),
        components: (body.components ?? []) as never,
        files: (body.files ?? []) as never,
        embeds: (body.embeds ?? []) as never,
        attachments: [],
        allowedMentions: { parse: [] },
      });
      return true;
    } catch (e) {
      if (gone(e)) return false;
      throw e;
    }
  }

  async function removePanel(panel: StepPanel): Promise<void> {
    await webhookOf(panel).deleteMessage(panel.ref).catch((e) => {
      if (!gone(e)) log.warn('could not remove a private step panel', { err: e });
    });
  }

  /**
   * A press on the board that shows `body` privately (a step, a standing choice's confirmation):
   * in the player's open panel of the game, the press then acknowledged without a word, or in a
   * new panel when none can be reached.
   */
  async function showInPanel(i: Press, ack: PressAck, gameId: number, body: PanelBody): Promise<void> {
    await inTurn(gameId, i.user.id, async () => {
      const open = await stepPanels.reachable(gameId, i.user.id);
      if (open && (await editPanel(open, body))) return ack.defer();
      const at = await ack.answer(body);
      if (at) await stepPanels.record(gameId, i.user.id, { token: i.token, ...at });
    });
  }

  /** A press in a panel changed it in place (the next step, an error): it is the player's open panel. */
  async function keepPanel(i: Press, gameId: number): Promise<void> {
    const older = await stepPanels.record(gameId, i.user.id, { token: i.token, messageId: i.message.id, ref: '@original' });
    if (older) {
      remember(older.messageId);
      await removePanel(older);
    }
  }

  /**
   * The player's move, asked for at `askedAt` on the board or by command, is made: the panel they
   * had open then is removed, in turn with their other panel work.
   */
  async function closePanelAfterMove(gameId: number, userId: string, askedAt: Date): Promise<void> {
    await inTurn(gameId, userId, () => closePanel(gameId, userId, askedAt));
  }

  /**
   * The player's move, asked for at `askedAt`, is made: the panel they had open then is removed
   * (`pressed`: the press on a panel that made the move, handled in turn already, which removes
   * its own panel).
   */
  async function closePanel(gameId: number, userId: string, askedAt: Date, pressed?: Press): Promise<void> {
    const open = await stepPanels.close(gameId, userId, askedAt, pressed?.message.id);
    // The removals wait behind the boards being posted; a press on a panel being removed meanwhile
    // is only acknowledged (it is remembered as removed from here on).
    if (open && open.messageId !== pressed?.message.id) {
      remember(open.messageId);
      deps.afterBoards(() => removePanel(open));
    }
    if (pressed) {
      remember(pressed.message.id);
      deps.afterBoards(() => pressed.deleteReply().then(() => {}, (e) => {
        if (!gone(e)) log.warn('could not remove a private step panel', { err: e });
      }));
    }
  }

  return { onePressAtATime, showInPanel, keepPanel, closePanelAfterMove, closePanel };
}

export type PanelKeeper = ReturnType<typeof createPanelKeeper>;
