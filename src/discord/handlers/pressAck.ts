// Answering a press on a game's components within Discord's 3 seconds, whatever happens first.
// The planned answer is an interaction response (free of the global request limit) made after
// the move is checked (and, for a move, saved): retiring the pressed board, or the next private step. Under heavy load that
// check could come late; a timer then acknowledges the press with a deferred update, and the
// planned answer follows as an edit of the pressed message or a private follow-up instead. On a
// private step panel the timer does not wait (PANEL_ANSWER_WITHIN_MS).
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';

type Press = ButtonInteraction | StringSelectMenuInteraction;
type Body = Parameters<Press['update']>[0] & object;

/** How long after the press the planned answer may still come (Discord allows 3 s). */
const ANSWER_WITHIN_MS = 1500;
/**
 * The same for a press on a private step panel: none, it is acknowledged at once. A press there
 * that completes a move is deferred anyway, and under load (many moves at once) the player sees
 * the press taken without waiting for the database. A next step is then shown by a webhook edit
 * of the panel, one request more than answering with it.
 */
export const PANEL_ANSWER_WITHIN_MS = 0;

export class PressAck {
  private early: Promise<unknown> | null = null;
  private claimed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly i: Press, readonly onBoard: boolean, now = Date.now(), withinMs = onBoard ? ANSWER_WITHIN_MS : PANEL_ANSWER_WITHIN_MS) {
    const waited = Math.max(0, now - i.createdTimestamp);
    this.timer = setTimeout(() => {
      if (this.claimed) return;
      this.claimed = true;
      this.early = i.deferUpdate().catch(() => {});
    }, Math.max(0, withinMs - waited));
  }

  /** True when the planned answer may be the first response; false after the timer acknowledged. */
  private async claim(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.claimed) {
      await this.early;
      return false;
    }
    this.claimed = true;
    return true;
  }

  /**
   * A private answer: a reply to a press on the board, the step panel updated in place. Returns
   * where it is, as this press's token names it: "@original", or the id of a follow-up.
   */
  async answer(body: { content: string; components?: unknown[]; files?: unknown[]; embeds?: unknown[] }): Promise<{ messageId: string; ref: string } | null> {
    const base = { content: body.content.slice(0, 2000), components: body.components ?? [], files: body.files ?? [], embeds: body.embeds ?? [], allowedMentions: { parse: [] as never[] } } as Body;
    const first = await this.claim();
    if (this.onBoard) {
      if (first) {
        const sent = await this.i.reply({ ...(base as object), flags: MessageFlags.Ephemeral, withResponse: true } as never) as unknown as { resource?: { message?: { id: string } | null } | null };
        const id = sent.resource?.message?.id;
        return id ? { messageId: id, ref: '@original' } : null;
      }
      const message = await this.i.followUp({ ...(base as object), flags: MessageFlags.Ephemeral } as never);
      return { messageId: message.id, ref: message.id };
    }
    if (first) await this.i.update({ ...(base as object), attachments: [] } as never);
    else await this.i.editReply({ ...(base as object), attachments: [] } as never);
    return { messageId: this.i.message.id, ref: '@original' };
  }

  /** The pressed message itself changes now (a board retired, a panel's last word). */
  async update(body: Body): Promise<void> {
    if (await this.claim()) await this.i.update(body);
    else await this.i.editReply(body as never);
  }

  /**
   * Stops the timer, and waits for its acknowledgement when it is already on its way: after a
   * failure, the error reply then sees the press as it really stands (answered or not).
   */
  async settled(): Promise<void> {
    clearTimeout(this.timer);
    this.claimed = true;
    await this.early;
  }

  /** Acknowledges without changing anything yet; the pressed message is edited later. */
  async defer(): Promise<void> {
    if (await this.claim()) await this.i.deferUpdate();
  }
}
