// A tournament's web page (/t/<token>, README: On the web): where it stands (its sign-up, the
// round being played and its deadline, or its end with the podium and the crosstable), the
// standings with the format's tie-breaks, and every round's boards with their results and each
// game's watch page. Works without script; tournament.js swaps the changing part (#tournament)
// for the one each server-sent event brings. Names are members' own: escaped like every value.
import { hasText, type Speaker } from '../../i18n/index.js';
import type { Standing } from '../../tournaments/pairing/index.js';
import { html, page, sayHtml, type Here, type Html } from '../html.js';
import type { TournamentBoard, TournamentData } from '../tournamentModel.js';
import { utcTime } from './watch.js';

export type TournamentLinks = {
  /** The changing part, for the script (in the page's language). */
  live: string;
  events: string;
  /** The crosstable image, once the tournament is over. */
  crosstable: string | null;
  /** The crosstable's alt text: the standings in words. */
  crosstableAlt: string;
};

const SCORES = { white: '1–0', black: '0–1', draw: '½–½' } as const;

/** A member's name, or how the page speaks of one it cannot name. */
function nameOf(sp: Speaker, d: TournamentData, id: string): string {
  return d.names.get(id) ?? sp.t('web:tournament.unknownPlayer', { tail: id.slice(-4) });
}

const number = (sp: Speaker, x: number) => new Intl.NumberFormat(sp.locale, { maximumFractionDigits: 2 }).format(x);
const time = (sp: Speaker, d: Date, relative = false) => html`<time datetime="${d.toISOString()}"${relative ? html` data-relative` : ''}>${utcTime(sp, d)}</time>`;

function gameTitle(sp: Speaker, d: TournamentData): string {
  return hasText(`${d.game.id}:title`) ? sp.t(`${d.game.id}:title`) : d.game.title;
}

function status(sp: Speaker, d: TournamentData): Html {
  const { t } = d;
  const about = sp.t('web:tournament.about', { game: gameTitle(sp, d), format: sp.t(`tournaments:format.${t.format}`) });
  let now: Html;
  switch (t.status) {
    case 'SIGNUP':
      now = sayHtml(sp, 'web:tournament.status.signup', { time: time(sp, t.signupClosesAt, true) });
      break;
    case 'RUNNING': {
      if (d.arena) {
        now = d.arena.deadlineAt
          ? sayHtml(sp, 'web:tournament.arena.running', { time: time(sp, d.arena.deadlineAt, true) }, { count: t.roundCount ?? 1 })
          : html`${sp.t('web:tournament.status.pairing', { round: 1 })}`;
        break;
      }
      const round = d.rounds.find((r) => r.round === t.round);
      now = round
        ? sayHtml(sp, 'web:tournament.status.running', { round: t.round, rounds: t.roundCount ?? t.round, time: time(sp, round.deadlineAt, true) })
        : html`${sp.t('web:tournament.status.pairing', { round: t.round })}`;
      break;
    }
    case 'FINISHED':
      now = html`${sp.t('web:tournament.status.finished')}`;
      break;
    case 'CANCELLED':
      now = html`${sp.t('web:tournament.status.cancelled')}`;
      break;
  }
  const podium = t.status === 'FINISHED'
    ? html`<ol class="podium" aria-label="${sp.t('web:tournament.podium')}">${d.standings.filter((s) => s.rank <= 3).slice(0, 6).map((s) => html`<li><span class="medal medal-${s.rank}">${s.rank}</span> <span class="name">${nameOf(sp, d, s.playerId)}</span></li>`)}</ol>`
    : '';
  return html`<section class="t-status" aria-live="polite"><p>${about}</p><p class="now">${now}</p>${podium}</section>`;
}

/** A duration as the reader's language writes it: minutes, or hours past two of them. */
function duration(sp: Speaker, ms: number): string {
  const minutes = ms / 60_000;
  const [value, unit] = minutes < 120 ? [Math.round(minutes), 'minute'] : [Math.round(minutes / 6) / 10, 'hour'];
  return new Intl.NumberFormat(sp.locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** An arena's table: total score, deals scored, the time they took; each deal's score and game once it is over. */
function arenaTable(sp: Speaker, d: TournamentData, entries: NonNullable<TournamentData['arena']>['entries']): Html {
  const heading = html`<h2 id="standings">${sp.t('web:tournament.standings.heading')}</h2>`;
  if (!entries.length) return html`<section aria-labelledby="standings">${heading}<p>${sp.t('web:tournament.standings.none')}</p></section>`;
  const over = d.t.status === 'FINISHED';
  const head = html`<tr><th scope="col">${sp.t('web:tournament.standings.rank')}</th><th scope="col">${sp.t('web:tournament.standings.player')}</th><th scope="col">${sp.t('web:tournament.arena.score')}</th><th scope="col">${sp.t('web:tournament.arena.scored')}</th><th scope="col">${sp.t('web:tournament.arena.time')}</th>${over ? html`<th scope="col">${sp.t('web:tournament.arena.deals')}</th>` : ''}</tr>`;
  const deal = (x: (typeof entries)[number]['deals'][number]) => {
    const shown = x.score === null ? '–' : number(sp, x.score);
    const label = sp.t('web:tournament.arena.deal', { deal: x.deal, score: shown });
    return x.watch ? html`<a href="${x.watch}" aria-label="${label}" title="${label}">${shown}</a>` : html`<span title="${label}">${shown}</span>`;
  };
  const row = (e: (typeof entries)[number]) => html`<tr${e.withdrawn ? html` class="withdrawn"` : ''}><td>${e.rank}</td><th scope="row"><span class="name">${nameOf(sp, d, e.playerId)}</span>${e.withdrawn ? html` <span class="mark">${sp.t('web:tournament.standings.withdrawn')}</span>` : ''}</th><td class="pts">${number(sp, e.score)}</td><td>${e.scored}</td><td>${e.scored ? duration(sp, e.timeMs) : '–'}</td>${over ? html`<td class="deals">${e.deals.map((x, i) => html`${i ? ' · ' : ''}${deal(x)}`)}</td>` : ''}</tr>`;
  return html`<section aria-labelledby="standings">${heading}<div class="table-scroll" tabindex="0"><table class="standings"><thead>${head}</thead><tbody>${entries.map(row)}</tbody></table></div><p class="legend">${sp.t('web:tournament.arena.legend')}</p></section>`;
}

function standingsTable(sp: Speaker, d: TournamentData, links: TournamentLinks): Html {
  if (d.arena) return arenaTable(sp, d, d.arena.entries);
  const heading = html`<h2 id="standings">${sp.t('web:tournament.standings.heading')}</h2>`;
  if (d.t.round === 0 || !d.standings.length) return html`<section aria-labelledby="standings">${heading}<p>${sp.t('web:tournament.standings.none')}</p></section>`;
  const breaks = d.t.format === 'swiss' ? (['buchholzCut1', 'sonnebornBerger', 'wins'] as const) : (['sonnebornBerger', 'wins'] as const);
  const head = html`<tr><th scope="col">${sp.t('web:tournament.standings.rank')}</th><th scope="col">${sp.t('web:tournament.standings.player')}</th><th scope="col">${sp.t('web:tournament.standings.points')}</th>${breaks.map((b) => html`<th scope="col"><abbr title="${sp.t(`web:tournament.standings.long.${b}`)}">${sp.t(`web:tournament.standings.short.${b}`)}</abbr></th>`)}</tr>`;
  const row = (s: Standing) => html`<tr${s.withdrawn ? html` class="withdrawn"` : ''}><td>${s.rank}</td><th scope="row"><span class="name">${nameOf(sp, d, s.playerId)}</span>${s.withdrawn ? html` <span class="mark">${sp.t('web:tournament.standings.withdrawn')}</span>` : ''}</th><td class="pts">${number(sp, s.points)}</td>${breaks.map((b) => html`<td>${number(sp, s[b])}</td>`)}</tr>`;
  const legend = html`<p class="legend">${breaks.map((b, i) => html`${i ? ' · ' : ''}${sp.t(`web:tournament.standings.short.${b}`)}: ${sp.t(`web:tournament.standings.long.${b}`)}`)}</p>`;
  const image = links.crosstable
    ? html`<figure class="crosstable"><div class="table-scroll" tabindex="0"><a href="${links.crosstable}"><img src="${links.crosstable}" alt="${links.crosstableAlt}" loading="lazy"></a></div><figcaption>${sp.t('web:tournament.crosstable')}</figcaption></figure>`
    : '';
  return html`<section aria-labelledby="standings">${heading}<div class="table-scroll" tabindex="0"><table class="standings"><thead>${head}</thead><tbody>${d.standings.map(row)}</tbody></table></div>${legend}${image}</section>`;
}

function boardLine(sp: Speaker, d: TournamentData, b: TournamentBoard): Html {
  const white = html`<span class="name">${nameOf(sp, d, b.white)}</span>`;
  if (b.black === null) return html`<li class="bye">${sayHtml(sp, 'web:tournament.rounds.bye', { player: white })}</li>`;
  const black = html`<span class="name">${nameOf(sp, d, b.black)}</span>`;
  const result = b.result === 'pending' || b.result === 'bye'
    ? html`<span class="result pending">${sp.t('web:tournament.rounds.pending')}</span>`
    : html`<span class="result">${SCORES[b.result]}</span>${b.forfeit ? html` <span class="mark">${sp.t('web:tournament.rounds.forfeit')}</span>` : ''}`;
  const watch = b.watch ? html` <a class="watch" href="${b.watch}">${sp.t('web:tournament.rounds.watch')}</a>` : '';
  return html`<li><span class="pair">${sayHtml(sp, 'web:tournament.rounds.pair', { white, black })}</span> ${result}${watch}</li>`;
}

function roundsList(sp: Speaker, d: TournamentData): Html {
  // An arena's deals are its players' own (secret until it is over): its table says the rest.
  if (d.arena && d.t.round > 0) return html``;
  if (!d.rounds.length) {
    const roster = d.players.filter((p) => !p.withdrawn);
    return html`<section aria-labelledby="players"><h2 id="players">${sp.t('web:tournament.players.heading', { count: roster.length })}</h2>${roster.length ? html`<ul class="roster">${roster.map((p) => html`<li class="name">${nameOf(sp, d, p.userId)}</li>`)}</ul>` : html`<p>${sp.t('web:tournament.players.nobody')}</p>`}</section>`;
  }
  return html`<section aria-labelledby="rounds"><h2 id="rounds">${sp.t('web:tournament.rounds.heading')}</h2>${d.rounds.map((r) => html`<section class="round"><h3>${sp.t('web:tournament.rounds.round', { round: r.round, rounds: d.t.roundCount ?? r.round })}</h3><p class="when">${r.endedAt ? sayHtml(sp, 'web:tournament.rounds.ended', { time: time(sp, r.endedAt) }) : sayHtml(sp, 'web:tournament.rounds.deadline', { time: time(sp, r.deadlineAt, true) })}</p><ol class="boards">${r.boards.map((b) => boardLine(sp, d, b))}</ol></section>`)}</section>`;
}

/** The page's changing part: everything under the heading. */
export function tournamentMain(sp: Speaker, d: TournamentData, links: TournamentLinks): Html {
  return html`<main id="tournament" data-version="${d.version}" data-live="${links.live}" data-events="${links.events}">${status(sp, d)}${standingsTable(sp, d, links)}${roundsList(sp, d)}</main>`;
}

export function tournamentTitle(sp: Speaker, d: TournamentData): string {
  return sp.t('web:tournament.title', { name: d.t.name, game: gameTitle(sp, d) });
}

export function tournamentPage(sp: Speaker, d: TournamentData, links: TournamentLinks, here: Here): string {
  return page({
    sp,
    title: tournamentTitle(sp, d),
    header: html`<span class="home">${sp.t('web:brand')}</span> · <h1>${tournamentTitle(sp, d)}</h1>`,
    here,
    body: tournamentMain(sp, d, links),
    footer: html`<p>${sp.t('web:tournament.footer')}</p>`,
    scripts: ['tournament.js'],
    description: links.crosstableAlt || tournamentTitle(sp, d),
  });
}
