// Private answers that work whatever state the interaction is in (fresh, deferred, replied).
import { randomBytes } from 'node:crypto';
import { MessageFlags, type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import type { Logger } from '../../config/logger.js';
import { localeOf, speaker } from '../../i18n/index.js';

export async function replyPrivately(i: RepliableInteraction, content: string): Promise<void> {
  const body = { content: content.slice(0, 2000), allowedMentions: { parse: [] as never[] } };
  if (i.deferred && !i.replied && i.ephemeral) {
    await i.editReply(body);
  } else if (i.deferred || i.replied) {
    await i.followUp({ ...body, flags: MessageFlags.Ephemeral });
  } else {
    await i.reply({ ...body, flags: MessageFlags.Ephemeral });
  }
}

/** Errors that mean PostgreSQL cannot be reached (server down, restarting, network). */
export function isDatabaseUnreachable(e: unknown): boolean {
  // A raw query's failure names the driver's reason in `meta` (P2010 "Can't reach database server").
  const kind = (e as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } })?.meta?.driverAdapterError?.cause?.kind ?? '';
  const text = `${(e as { code?: string })?.code ?? ''} ${kind} ${(e as Error)?.message ?? ''} ${String((e as { cause?: unknown })?.cause ?? '')}`;
  return /ECONNREFUSED|ECONNRESET|P1001|P1017|P2024|DatabaseNotReachable|ConnectionClosed|reach database server|terminat|Connection|connect|server closed|database system is (starting|shutting)/i.test(text)
    && !/violates|constraint/i.test(text);
}

/** An unexpected failure: the player gets a reference id (in their language), the log gets the stack. */
export async function replyUnexpected(i: RepliableInteraction | null, log: Logger, e: unknown, where: string): Promise<string> {
  const ref = randomBytes(4).toString('hex');
  const unreachable = isDatabaseUnreachable(e);
  log.error(`${unreachable ? 'database unreachable' : 'unexpected error'} in ${where} [ref ${ref}]`, { err: e });
  if (i) {
    // Said without the database (it may be what failed): the presser's client language.
    const sp = speaker(localeOf(i.locale));
    const text = sp.t(unreachable ? 'discord:errors.databaseDown' : 'discord:errors.unexpected', { ref: `\`${ref}\`` });
    await replyPrivately(i, text).catch(
      (e2) => log.warn(`could not tell the player about error ${ref}`, { err: e2 }),
    );
  }
  return ref;
}

/**
 * A command whose private answer comes after slow work (a move saved): when the answer has not
 * come `withinMs` after the command was made (a busy machine), the command is acknowledged
 * privately (deferred) so that Discord's 3 seconds are kept, and the answer then fills it in.
 * `settled()` before answering: the acknowledgement under way, if any, has landed.
 */
export function deferIfSlow(i: ChatInputCommandInteraction, withinMs = 1500): { settled(): Promise<void> } {
  let early: Promise<unknown> | null = null;
  let done = false;
  const timer = setTimeout(() => {
    if (done) return;
    done = true;
    early = i.deferReply({ flags: MessageFlags.Ephemeral }).catch(() => {});
  }, Math.max(0, withinMs - (Date.now() - i.createdTimestamp)));
  return {
    async settled() {
      clearTimeout(timer);
      done = true;
      await early;
    },
  };
}
