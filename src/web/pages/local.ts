// Local play's pages: the home page (the games played here, and a new game of any of the five),
// and a game's play page: the watch page's board, players, status and moves, with the player's
// choices beside them, the same choices and labels as Discord's buttons. Every change is a form
// posted to the bot (with the page's form key); the script only reloads when the AI has moved.
import type { GameDefinition } from '../../engine/contract.js';
import type { ChoiceLevel } from '../../services/moveChoices.js';
import { choiceText } from '../../services/moveChoices.js';
import type { GameSnapshot } from '../../services/types.js';
import type { GameModel } from '../gameModel.js';
import { html, page, type Html } from '../html.js';
import { watchMain, type WatchLinks } from './watch.js';

export type LocalGameRow = { game: GameSnapshot; title: string; status: string; opponent: string };

/** Forms carry the page's key: a page elsewhere on the web cannot post a move here. */
const hidden = (name: string, value: string | number) => html`<input type="hidden" name="${name}" value="${value}">`;

function newGameForm(def: GameDefinition, formKey: string): Html {
  const solo = def.seats.max === 1;
  const options = (def.optionSpecs ?? []).map((spec) => {
    const id = `${def.id}-${spec.name}`;
    const field = spec.choices?.length
      ? html`<select id="${id}" name="opt.${spec.name}"><option value="">${spec.default ? `default (${spec.choices.find((c) => c.value === spec.default)?.name ?? spec.default})` : 'default'}</option>${spec.choices.map((c) => html`<option value="${c.value}">${c.name}</option>`)}</select>`
      : html`<input id="${id}" name="opt.${spec.name}" maxlength="100" placeholder="${spec.default ?? ''}">`;
    return html`<label for="${id}">${spec.name}</label>${field}<span class="hint">${spec.description}</span>`;
  });
  return html`<form class="new-game" method="post" action="/local/new">
${hidden('key', formKey)}${hidden('game', def.id)}
<h3>${def.title}</h3>
${def.summary ? html`<p>${def.summary}</p>` : ''}
<div class="fields">
${solo ? '' : html`<label for="${def.id}-ai">AI</label><select id="${def.id}-ai" name="ai"><option value="easy">easy</option><option value="normal">normal</option><option value="hard">hard</option></select><span class="hint">The AI plays the other side.</span>`}
${options}
</div>
<button type="submit">Start ${solo ? 'a solo game' : 'a game against the AI'}</button>
</form>`;
}

/** The home page of local play. */
export function localHome(opts: { games: LocalGameRow[]; defs: GameDefinition[]; formKey: string; notice?: string; lang: string }): string {
  const rows = opts.games.map((r) => html`<li><a href="/play/${r.game.id}">#${r.game.id} ${r.title}</a> · ${r.opponent} · ${r.status}</li>`);
  const body = html`<header class="top"><span class="home">Siege</span> · <h1>Local play</h1></header>
<main class="local">
${opts.notice ? html`<p class="notice" role="alert">${opts.notice}</p>` : ''}
<section class="intro"><p>Play any of Siege's games here, on this machine, with no Discord: the two-player games against the AI, the solo games alone. Games are kept: come back to them at any time. Local games are never rated.</p>
<p>To play on Discord, put <code>DISCORD_TOKEN=&lt;your bot's token&gt;</code> in the file <code>.env</code> (see README.md, "Creating the Discord application") and start the bot again.</p></section>
<section class="games"><h2>Your games</h2>${rows.length ? html`<ul>${rows}</ul>` : html`<p>No games yet.</p>`}</section>
<section class="start"><h2>New game</h2>${opts.defs.map((d) => newGameForm(d, opts.formKey))}</section>
</main>`;
  return page({ lang: opts.lang, title: 'Local play · Siege', body });
}

/** The panel of the player's choices at `chosen` (a step of a move), or why there are none. */
function movePanel(m: GameModel, opts: { level: ChoiceLevel | null; chosen: string[]; formKey: string; undo: boolean; confirmResign: boolean; aiThinking: boolean }): Html {
  const id = m.game.id;
  const version = m.game.version;
  const resign = m.over ? '' : opts.confirmResign
    ? html`<form method="post" action="/play/${id}/resign" class="resign">${hidden('key', opts.formKey)}${hidden('version', version)}<p>Resign this game? This cannot be undone.</p><button type="submit" class="danger">Yes, resign</button> <a href="/play/${id}">No</a></form>`
    : html`<p class="resign"><a href="/play/${id}?resign=confirm">Resign…</a></p>`;
  const undo = opts.undo ? html`<form method="post" action="/play/${id}/undo">${hidden('key', opts.formKey)}${hidden('version', version)}<button type="submit">↩ Undo my last move</button></form>` : '';
  if (m.over) return html`<section class="your-move"><p><a href="/">Back to your games</a></p></section>`;
  if (opts.aiThinking) return html`<section class="your-move"><p class="thinking">The AI is thinking… (this page updates by itself; <a href="/play/${id}">reload</a>)</p>${resign}</section>`;
  const level = opts.level;
  if (!level || !level.options.length) return html`<section class="your-move"><p>No choice for you now.</p>${resign}</section>`;
  const pathOf = (key: string) => [...opts.chosen, key].join(':');
  const choices = level.options.map((o) =>
    o.completes
      ? html`<button type="submit" name="path" value="${pathOf(o.key)}" class="choice completes">${choiceText(o)}</button>`
      : html`<a class="choice" href="/play/${id}?path=${encodeURIComponent(pathOf(o.key))}">${choiceText(o)}</a>`,
  );
  return html`<section class="your-move" aria-label="Your move">
<h2>${level.prompt}</h2>
<form method="post" action="/play/${id}/move">${hidden('key', opts.formKey)}${hidden('version', version)}
<div class="choices">${choices}</div>
</form>
${opts.chosen.length ? html`<p><a href="/play/${id}${opts.chosen.length > 1 ? `?path=${encodeURIComponent(opts.chosen.slice(0, -1).join(':'))}` : ''}">◀ Back</a></p>` : ''}
${undo}${resign}
</section>`;
}

/** A game's play page. */
export function playPage(m: GameModel, links: WatchLinks, opts: { level: ChoiceLevel | null; chosen: string[]; formKey: string; undo: boolean; confirmResign: boolean; aiThinking: boolean; notice?: string; lang: string; watch: string }): string {
  const panel = html`${opts.notice ? html`<p class="notice" role="alert">${opts.notice}</p>` : ''}${m.index === m.last ? movePanel(m, opts) : ''}<p class="watch-link"><a href="${opts.watch}">Watch page</a> (to share, and for the replay)</p>`;
  const body = html`<header class="top"><a class="home" href="/">Siege</a> · <h1>${m.def.title} · game #${m.game.id}</h1></header>
${watchMain(m, links, panel)}`;
  return page({ lang: opts.lang, title: `${m.def.title} · game #${m.game.id} · Siege`, body, scripts: ['play.js'], description: m.alt });
}
