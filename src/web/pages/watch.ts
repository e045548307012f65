// The watch page of a game (/g/<token>): the board, larger on a desktop; the players with their
// ratings and colours; whose turn it is and the clock; the move log; the review stepper (⏮ ◀ ▶ ⏭
// as links, so it works without script; watch.js adds the arrow keys and live updates); the
// result and the replay. The part that changes (#game) is also served alone, for the script.
// Every word is in the reader's language (the model's Speaker), moves too; cells stay as notation.
import type { Speaker } from '../../i18n/index.js';
import { html, page, sayHtml, type Here, type Html } from '../html.js';
import type { ChoicesShown, GameModel } from '../gameModel.js';
import type { SaidLevel } from '../choices.js';
import type { TouchBoard } from '../boardTargets.js';
import { choiceList, touchableBoard } from './board.js';
import { describeToggle } from './describe.js';

export type WatchLinks = {
  /** The page's own path, /g/<token> (or /play/<id>). */
  base: string;
  /** The board image's path at a position (in the page's language). */
  board: (index: number, version: number) => string;
  /** The replay file's path, when the game has one to offer. */
  replay: string | null;
  /** The path of the changing part, for the script. */
  live: string;
  /** The event stream's path. */
  events: string;
};

const utcFormats = new Map<string, Intl.DateTimeFormat>();

/** A time as the page's language writes it, in UTC (page.js says it again in the reader's own time zone). */
export function utcTime(sp: Speaker, d: Date): string {
  let format = utcFormats.get(sp.locale);
  if (!format) {
    format = new Intl.DateTimeFormat(sp.locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
    utcFormats.set(sp.locale, format);
  }
  return format.format(d);
}

function players(m: GameModel): Html {
  const { sp } = m;
  return html`<section class="players" aria-label="${sp.t('web:players.label')}"><ul>${m.players.map((p) => html`<li class="seat seat-${p.seat}${p.toAct ? ' to-act' : ''}${p.won ? ' won' : ''}">
<span class="swatch" aria-hidden="true"></span><span class="seat-name">${p.seatName}</span>${p.name ? html` <span class="name">${p.name}</span>` : ''}${p.rating ? html` <span class="rating" title="${sp.t('web:players.rating')}">${p.rating}</span>` : ''}${p.toAct ? html` <span class="badge">${sp.t('web:players.toMove')}</span>` : ''}${p.won ? html` <span class="badge">${sp.t('web:players.won')}</span>` : ''}</li>`)}</ul></section>`;
}

function status(m: GameModel): Html {
  const clock = m.deadlineAt
    ? html`<p class="clock">${sayHtml(m.sp, 'web:clock.moveBy', { time: html`<time datetime="${m.deadlineAt.toISOString()}" data-relative>${utcTime(m.sp, m.deadlineAt)}</time>` })}</p>`
    : '';
  return html`<section class="status" aria-live="polite"><p class="${m.over ? 'result' : 'turn'}">${m.status}</p>${clock}</section>`;
}

function moves(m: GameModel): Html {
  const { sp } = m;
  const heading = html`<h2>${sp.t('web:moves.heading')}</h2>`;
  if (!m.moves.length) return html`<section class="moves" aria-label="${sp.t('web:moves.heading')}">${heading}<p>${sp.t('web:moves.none')}</p></section>`;
  const line = (l: GameModel['moves'][number]) => {
    const when = html`<time datetime="${l.at.toISOString()}">${utcTime(sp, l.at)}</time>`;
    if (l.kind !== 'move') return html`<li class="cancel"><span aria-hidden="true">↩</span> ${sp.t(l.kind === 'undo' ? 'web:moves.undid' : 'web:moves.tookBack', { who: l.who, number: l.number })} · ${when}</li>`;
    const what = l.events.length
      ? html`<span class="said">${l.events.join(' ')}</span> <b class="move">${l.said}</b>`
      : html`<b class="move">${l.said}</b>`;
    const body = html`<span class="n">${l.number}.</span> ${sayHtml(sp, 'web:moves.line', { who: l.who, what })} · ${when}`;
    return l.cancelled ? html`<li><s>${body}</s></li>` : html`<li>${body}</li>`;
  };
  return html`<section class="moves" aria-label="${sp.t('web:moves.heading')}">${heading}<ol>${m.moves.map(line)}</ol></section>`;
}

/** The stepper's arrows, drawn (not font glyphs, which phones lack): ⏮ ◀ ▶ ⏭. */
const ICONS = {
  first: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M6 5h2v14H6zM19 5v14L9 12z" fill="currentColor"/></svg>`,
  previous: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M17 5v14L6 12z" fill="currentColor"/></svg>`,
  next: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M7 5v14l11-7z" fill="currentColor"/></svg>`,
  last: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M16 5h2v14h-2zM5 5v14l10-7z" fill="currentColor"/></svg>`,
};

function stepper(m: GameModel, links: WatchLinks): Html {
  const { sp } = m;
  const at = (index: number) => (index >= m.last ? links.base : `${links.base}?move=${index}`);
  const step = (icon: Html, key: string, target: number, enabled: boolean) => {
    const name = sp.t(`web:stepper.${key}`);
    return enabled
      ? html`<a class="step" href="${at(target)}" data-move="${target}" aria-label="${name}" title="${name}">${icon}</a>`
      : html`<span class="step" aria-disabled="true" aria-label="${name}">${icon}</span>`;
  };
  return html`<nav class="stepper" aria-label="${sp.t('web:stepper.label')}">
${step(ICONS.first, 'first', 0, m.index > 0)}${step(ICONS.previous, 'previous', m.index - 1, m.index > 0)}
<span class="where">${m.index === m.last ? sp.t('web:stepper.at', { move: m.last }) : sp.t('web:stepper.atOf', { move: m.index, last: m.last })}</span>
${step(ICONS.next, 'next', m.index + 1, m.index < m.last)}${step(ICONS.last, 'last', m.last, m.index < m.last)}
</nav>`;
}

/**
 * The part of the page that changes with the game and the position shown; `touch` lays the
 * player's choices over the board, and `choices` are the player's own in its Describe (local play;
 * a watcher's Describe says whoever must act, and their choices).
 */
export function watchMain(m: GameModel, links: WatchLinks, extra: Html | '' = '', touch?: (img: Html) => Html, choices?: ChoicesShown[]): Html {
  const { sp } = m;
  const img = html`<img src="${links.board(m.index, m.game.version)}" alt="${m.alt}">`;
  return html`<main id="game" data-version="${m.game.version}" data-move="${m.index}" data-last="${m.last}" data-live="${links.live}" data-events="${links.events}" data-base="${links.base}">
<section class="board">
<figure>${touch ? touch(img) : img}</figure>
${stepper(m, links)}
${m.index < m.last ? html`<p class="review-note">${sayHtml(sp, 'web:review.note', { move: m.index, back: html`<a href="${links.base}">${sp.t('web:review.back')}</a>` })}</p>` : ''}
${describeToggle(m, choices ?? m.choosing)}
</section>
<aside class="side">
${status(m)}
${extra}
${players(m)}
${links.replay ? html`<p class="replay">${sayHtml(sp, 'web:replay.line', { replay: html`<a href="${links.replay}">${sp.t('web:replay.link')}</a>` })}</p>` : ''}
${moves(m)}
</aside>
</main>`;
}

/** The page's heading: "Siege Master · game #12", after the way home when there is one. */
export function gameHeader(m: GameModel, home: boolean): Html {
  const brand = m.sp.t('web:brand');
  return html`${home ? html`<a class="home" href="/">${brand}</a>` : html`<span class="home">${brand}</span>`} · <h1>${m.sp.t('web:title.game', { game: m.title, id: m.game.id })}</h1>`;
}

/** The whole watch page; `account`: the login line, above the game (outside the part that changes). */
export function watchPage(m: GameModel, links: WatchLinks, opts: { home: boolean; here: Here; account?: Html }): string {
  return page({
    sp: m.sp,
    title: m.sp.t('web:title.game', { game: m.title, id: m.game.id }),
    header: gameHeader(m, opts.home),
    here: opts.here,
    body: html`${opts.account ?? ''}${watchMain(m, links)}`,
    footer: html`<p>${m.sp.t('web:watch.footer')}</p>`,
    scripts: ['watch.js'],
    description: m.alt,
  });
}

export type SeatPanel = {
  /** The seat the logged-in member plays. */
  seat: number;
  /** Their choices at the step shown, when it is their turn. */
  level: SaidLevel | null;
  chosen: string[];
  touch: TouchBoard | null;
  /** A whole move chosen on the board without script: asked once more before it is posted. */
  confirm: { path: string; text: string } | null;
  csrf: string;
  notice?: string;
};

/**
 * A player's own page of a Discord game (logged in with Discord): the watch page's board, drawn
 * as their seat sees it, touchable on their turn, with the same choices as local play's and the
 * same form post, here to /g/<token>/move with the session's CSRF token. play.js follows the game.
 */
export function seatPage(m: GameModel, links: WatchLinks, panel: SeatPanel, opts: { home: boolean; here: Here; account: Html }): string {
  const { sp } = m;
  const current = m.index === m.last;
  const level = current ? panel.level : null;
  const hrefOf = (path: string) => `${links.base}?path=${encodeURIComponent(path)}`;
  const touch = panel.touch && level
    ? (img: Html) => touchableBoard(img, panel.touch!, { label: sp.t('web:board.label', { prompt: level.prompt }), href: hrefOf, chosen: panel.chosen })
    : undefined;
  const form = (inner: Html) => html`<form method="post" action="${links.base}/move"><input type="hidden" name="csrf" value="${panel.csrf}"><input type="hidden" name="version" value="${m.game.version}">${inner}</form>`;
  const back = panel.chosen.length > 1 ? hrefOf(panel.chosen.slice(0, -1).join(':')) : links.base;
  let move: Html | '' = '';
  if (!current || m.over) move = '';
  else if (panel.confirm) {
    move = html`<section class="your-move" aria-label="${sp.t('web:play.yourMove')}"><h2>${sp.t('web:play.confirm')}</h2>
${form(html`<div class="choices"><button type="submit" name="path" value="${panel.confirm.path}" class="choice completes">${panel.confirm.text}</button></div>`)}
<p><a href="${links.base}"><span aria-hidden="true">◀</span> ${sp.t('web:play.back')}</a></p></section>`;
  } else if (level?.options.length) {
    move = html`<section class="your-move" aria-label="${sp.t('web:play.yourMove')}"><h2>${level.prompt}</h2>
${form(choiceList(level, panel.chosen, hrefOf))}
${panel.chosen.length ? html`<p><a href="${back}"><span aria-hidden="true">◀</span> ${sp.t('web:play.back')}</a></p>` : ''}</section>`;
  } else {
    move = html`<section class="your-move"><p>${sp.t('web:login.notYourTurn')}</p></section>`;
  }
  const seatName = m.players[panel.seat]?.seatName ?? '';
  const extra = html`${panel.notice ? html`<p class="notice" role="alert">${panel.notice}</p>` : ''}<p class="your-seat">${sp.t('web:login.yourSeat', { seat: seatName })}</p>${move}`;
  const choices = level ? (level.options.length ? [{ heading: sp.t('web:describe.yourChoices'), prompt: level.prompt, choices: level.options.map((o) => `${o.text}${o.completes ? '' : ' …'}`) }] : []) : undefined;
  return page({
    sp,
    title: sp.t('web:title.game', { game: m.title, id: m.game.id }),
    header: gameHeader(m, opts.home),
    here: opts.here,
    body: html`${opts.account}${watchMain(m, links, extra, touch, choices)}`,
    scripts: ['play.js'],
    description: m.alt,
  });
}
