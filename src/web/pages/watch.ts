// The watch page of a game (/g/<token>): the board, larger on a desktop; the players with their
// ratings and colours; whose turn it is and the clock; the move log; the review stepper (⏮ ◀ ▶ ⏭
// as links, so it works without script; watch.js adds the arrow keys and live updates); the
// result and the replay. The part that changes (#game) is also served alone, for the script.
import { html, page, type Html } from '../html.js';
import type { GameModel } from '../gameModel.js';

export type WatchLinks = {
  /** The page's own path, /g/<token> (or /play/<id>). */
  base: string;
  /** The board image's path at a position. */
  board: (index: number, version: number) => string;
  /** The replay file's path, when the game has one to offer. */
  replay: string | null;
  /** The path of the changing part, for the script. */
  live: string;
  /** The event stream's path. */
  events: string;
};

// Made once: a formatter costs a tenth of a millisecond to make, and a page formats every move's time.
const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const utcTime = (d: Date) => `${UTC_FORMAT.format(d)} UTC`;

function players(m: GameModel): Html {
  return html`<section class="players" aria-label="Players"><ul>${m.players.map((p) => html`<li class="seat seat-${p.seat}${p.toAct ? ' to-act' : ''}${p.won ? ' won' : ''}">
<span class="swatch" aria-hidden="true"></span><span class="seat-name">${p.seatName}</span> <span class="name">${p.name}</span>${p.rating ? html` <span class="rating" title="Rating">${p.rating}</span>` : ''}${p.toAct ? html` <span class="badge">to move</span>` : ''}${p.won ? html` <span class="badge">won</span>` : ''}</li>`)}</ul></section>`;
}

function status(m: GameModel): Html {
  const clock = m.deadlineAt
    ? html`<p class="clock">Move by <time datetime="${m.deadlineAt.toISOString()}" data-relative>${utcTime(m.deadlineAt)}</time></p>`
    : '';
  return html`<section class="status" aria-live="polite"><p class="${m.over ? 'result' : 'turn'}">${m.status}</p>${clock}</section>`;
}

function moves(m: GameModel): Html {
  if (!m.moves.length) return html`<section class="moves" aria-label="Moves"><h2>Moves</h2><p>No moves yet.</p></section>`;
  const line = (l: GameModel['moves'][number]) => {
    const when = html`<time datetime="${l.at.toISOString()}">${utcTime(l.at)}</time>`;
    if (l.kind !== 'move') return html`<li class="cancel">↩ ${l.who}: ${l.kind === 'undo' ? 'undid' : 'took back'} move ${l.number} · ${when}</li>`;
    const body = html`<span class="n">${l.number}.</span> ${l.who}: <b>${l.notation}</b> · ${when}`;
    return l.cancelled ? html`<li><s>${body}</s></li>` : html`<li>${body}</li>`;
  };
  return html`<section class="moves" aria-label="Moves"><h2>Moves</h2><ol>${m.moves.map(line)}</ol></section>`;
}

/** The stepper's arrows, drawn (not font glyphs, which phones lack): ⏮ ◀ ▶ ⏭. */
const ICONS = {
  first: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M6 5h2v14H6zM19 5v14L9 12z" fill="currentColor"/></svg>`,
  previous: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M17 5v14L6 12z" fill="currentColor"/></svg>`,
  next: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M7 5v14l11-7z" fill="currentColor"/></svg>`,
  last: html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M16 5h2v14h-2zM5 5v14l10-7z" fill="currentColor"/></svg>`,
};

function stepper(m: GameModel, links: WatchLinks): Html {
  const at = (index: number) => (index >= m.last ? links.base : `${links.base}?move=${index}`);
  const step = (icon: Html, name: string, target: number, enabled: boolean) =>
    enabled
      ? html`<a class="step" href="${at(target)}" data-move="${target}" aria-label="${name}" title="${name}">${icon}</a>`
      : html`<span class="step" aria-disabled="true" aria-label="${name}">${icon}</span>`;
  return html`<nav class="stepper" aria-label="Review the game">
${step(ICONS.first, 'First position', 0, m.index > 0)}${step(ICONS.previous, 'Previous move', m.index - 1, m.index > 0)}
<span class="where">${m.index === m.last ? `Move ${m.last}` : `Move ${m.index} of ${m.last}`}</span>
${step(ICONS.next, 'Next move', m.index + 1, m.index < m.last)}${step(ICONS.last, 'Current position', m.last, m.index < m.last)}
</nav>`;
}

/** The part of the page that changes with the game and the position shown. */
export function watchMain(m: GameModel, links: WatchLinks, extra: Html | '' = ''): Html {
  return html`<main id="game" data-version="${m.game.version}" data-move="${m.index}" data-last="${m.last}" data-live="${links.live}" data-events="${links.events}" data-base="${links.base}">
<section class="board">
<figure><img src="${links.board(m.index, m.game.version)}" alt="${m.alt}"></figure>
${stepper(m, links)}
${m.index < m.last ? html`<p class="review-note">You are looking back at move ${m.index}. <a href="${links.base}">Back to the game as it stands</a>.</p>` : ''}
</section>
<aside class="side">
${status(m)}
${extra}
${players(m)}
${links.replay ? html`<p class="replay"><a href="${links.replay}">Replay</a>: the whole game as one animation.</p>` : ''}
${moves(m)}
</aside>
</main>`;
}

/** The whole watch page. */
export function watchPage(m: GameModel, links: WatchLinks, opts: { lang: string; home: boolean }): string {
  const body = html`<header class="top">${opts.home ? html`<a class="home" href="/">Siege</a> · ` : html`<span class="home">Siege</span> · `}<h1>${m.def.title} · game #${m.game.id}</h1></header>
${watchMain(m, links)}
<footer class="bottom"><p>Updates live while this page is open. Arrow keys step through the moves.</p></footer>`;
  return page({ lang: opts.lang, title: `${m.def.title} · game #${m.game.id} · Siege`, body, scripts: ['watch.js'], description: m.alt });
}
