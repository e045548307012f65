// The Activity's page (README, "Activity"): a shell that static/activity.js fills once Discord's
// client has signed the member in, and the game's part it then shows: the watch page's board,
// players, status and moves, with the member's choices beside them and on the board when they
// hold the seat that must act, else the game as a watcher sees it. Choices are buttons the script
// posts (the Activity has no forms and no cookie of ours: its session travels as a Bearer header).
import type { Seat } from '../../engine/contract.js';
import type { Speaker } from '../../i18n/index.js';
import type { TouchBoard } from '../boardTargets.js';
import type { SaidLevel } from '../choices.js';
import type { GameModel } from '../gameModel.js';
import { html, page, type Here, type Html } from '../html.js';
import { touchableBoard } from './board.js';
import { watchMain, type WatchLinks } from './watch.js';

/** The page Discord's client frames: what it says while it signs the member in. */
export function activityPage(sp: Speaker, opts: { clientId: string; here: Here }): string {
  const body = html`<main id="activity" class="activity" data-client-id="${opts.clientId}" data-lang="${sp.locale}">
<p class="activity-status" role="status" aria-live="polite" data-connecting="${sp.t('web:activity.connecting')}" data-failed="${sp.t('web:activity.failed')}" data-sending="${sp.t('web:activity.sending')}">${sp.t('web:activity.connecting')}</p>
<noscript><p>${sp.t('web:activity.noScript')}</p></noscript>
</main>`;
  return page({
    sp,
    title: sp.t('web:activity.title'),
    header: html`<span class="home">${sp.t('web:brand')}</span> · <h1>${sp.t('web:activity.title')}</h1>`,
    here: opts.here,
    body,
    scripts: ['discord-sdk.js', 'activity.js'],
  });
}

export type ActivityPart = {
  /** The member's seat in the game, or null: they watch. */
  seat: Seat | null;
  /** Their choices at `chosen`, when their seat must act. */
  level: SaidLevel | null;
  chosen: string[];
  touch: TouchBoard | null;
  /** The member's name, as Discord gave it at sign-in. */
  viewer: string;
  /** A player's board as their seat sees it: the image the script fetches with the session (null: the public board's). */
  seatBoard: string | null;
};

/** Who the member is here: the seat they play, or a watcher. */
function whoLine(m: GameModel, part: ActivityPart): Html {
  const { sp } = m;
  const seat = part.seat === null ? undefined : m.players.find((p) => p.seat === part.seat);
  return html`<p class="activity-who"${part.seatBoard ? html` data-board="${part.seatBoard}"` : ''}>${seat ? sp.t('web:activity.playing', { name: part.viewer, seat: seat.seatName }) : sp.t('web:activity.watching', { name: part.viewer })}</p>`;
}

/** The member's choices at their step, as buttons the script posts; a step that does not complete a move leads to the next. */
function choicePanel(m: GameModel, part: ActivityPart): Html | '' {
  const { sp } = m;
  const level = part.level;
  if (!level) return '';
  const pathOf = (key: string) => [...part.chosen, key].join(':');
  const choices = level.options.map((o) => html`<button type="button" class="choice${o.completes ? ' completes' : ''}" data-path="${pathOf(o.key)}"${o.completes ? html` data-completes=""` : ''}>${o.text}</button>`);
  const back = part.chosen.length
    ? html`<p><button type="button" class="back" data-step="${part.chosen.slice(0, -1).join(':')}"><span aria-hidden="true">◀</span> ${sp.t('web:play.back')}</button></p>`
    : '';
  return html`<section class="your-move" aria-label="${sp.t('web:play.yourMove')}" data-version="${m.game.version}">
<h2>${level.prompt}</h2>
${level.options.length ? html`<div class="choices">${choices}</div>` : html`<p>${sp.t('web:play.noChoice')}</p>`}
${back}
<p class="activity-notice" role="alert" hidden></p>
</section>`;
}

/** The game's part of the Activity: the watch page's, with the member's seat and choices. */
export function activityMain(m: GameModel, links: WatchLinks, part: ActivityPart): string {
  const { sp } = m;
  const touch = part.touch && part.level
    ? (img: Html) => touchableBoard(img, part.touch!, { label: sp.t('web:board.label', { prompt: part.level!.prompt }), href: (path) => `#path=${encodeURIComponent(path)}`, chosen: part.chosen })
    : undefined;
  const choices = part.level?.options.length ? [{ heading: sp.t('web:describe.yourChoices'), prompt: part.level.prompt, choices: part.level.options.map((o) => `${o.text}${o.completes ? '' : ' …'}`) }] : undefined;
  return watchMain(m, links, html`${whoLine(m, part)}${choicePanel(m, part)}`, touch, choices).value;
}
