// The tournament's web page (/t/<token>, README: On the web) as a link button on its sign-up,
// pairings and standings messages, when the host exposes the web front (PUBLIC_URL) and the
// server did not turn its pages off: like "Watch on the web" on a game's board.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Speaker } from '../../i18n/index.js';
import type { Row } from './moveComponents.js';

export function tournamentPageButton(sp: Speaker, url: string): ButtonBuilder {
  return new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(url).setLabel(sp.t('discord:buttons.watch').slice(0, 80)).setEmoji('🌐');
}

/** A row holding only the page's link, or no row without one. */
export function tournamentPageRows(sp: Speaker, url: string | null | undefined): Row[] {
  return url ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(tournamentPageButton(sp, url))] : [];
}

/** The page's address, or null: no PUBLIC_URL, or a server that turned its pages off (`/siege config web:off`). */
export async function tournamentPageUrl(publicUrl: string | null, settings: { guild(guildId: string): Promise<{ webEnabled: boolean }> }, t: { guildId: string; webToken: string }): Promise<string | null> {
  if (!publicUrl) return null;
  return (await settings.guild(t.guildId)).webEnabled ? `${publicUrl}/t/${t.webToken}` : null;
}
