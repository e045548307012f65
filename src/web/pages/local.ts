// Local play's pages: the home page (the games played here, and a new game of any of the five),
// and a game's play page: the watch page's board, players, status and moves, with the player's
// choices beside them, the same choices and labels as Discord's buttons. Every change is a form
// posted to the bot (with the page's form key); the script only reloads when the AI has moved.
// Every word is in the reader's language: the platform's from web.json, the games' from their
// catalogs (titles, summaries, options, choices, prompts); typed values stay as they are typed.
import type { GameDefinition, OptionSpec } from '../../engine/contract.js';
import { hasText, type Speaker } from '../../i18n/index.js';
import type { GameSnapshot } from '../../services/types.js';
import { gameTitle, type GameModel } from '../gameModel.js';
import { html, page, sayHtml, type Here, type Html } from '../html.js';
import type { SaidLevel } from '../choices.js';
import type { TouchBoard } from '../boardTargets.js';
import { touchableBoard } from './board.js';
import { gameHeader, watchMain, type WatchLinks } from './watch.js';

export type LocalGameRow = { game: GameSnapshot; title: string; status: string; opponent: string };

/** Forms carry the page's key: a page elsewhere on the web cannot post a move here. */
const hidden = (name: string, value: string | number) => html`<input type="hidden" name="${name}" value="${value}">`;

/** The README's section on Discord, by its heading: the README is written in English only. */
const README_DISCORD_SECTION = 'Creating the Discord application';

/** The AI's levels, as the form posts them. */
export const AI_LEVELS = ['easy', 'normal', 'hard'] as const;

/** A game's own text (its catalog's `key`), else the English its definition gives. */
const gameText = (sp: Speaker, def: GameDefinition, key: string, english: string) => (hasText(`${def.id}:${key}`) ? sp.t(`${def.id}:${key}`) : english);

function optionField(sp: Speaker, def: GameDefinition, spec: OptionSpec): Html {
  const id = `${def.id}-${spec.name}`;
  const choiceName = (c: { name: string; value: string }) => gameText(sp, def, `options.${spec.name}.choices.${c.value}`, c.name);
  const fallback = spec.choices?.find((c) => c.value === spec.default);
  const field = spec.choices?.length
    ? html`<select id="${id}" name="opt.${spec.name}"><option value="">${spec.default ? sp.t('web:newGame.defaultChoice', { choice: fallback ? choiceName(fallback) : spec.default }) : sp.t('web:newGame.default')}</option>${spec.choices.map((c) => html`<option value="${c.value}">${choiceName(c)}</option>`)}</select>`
    : html`<input id="${id}" name="opt.${spec.name}" maxlength="100" placeholder="${spec.default ?? ''}">`;
  const label = hasText(`web:options.${def.id}.${spec.name}`) ? sp.t(`web:options.${def.id}.${spec.name}`) : spec.name;
  return html`<label for="${id}">${label}</label>${field}<span class="hint">${gameText(sp, def, `options.${spec.name}.description`, spec.description)}</span>`;
}

function newGameForm(sp: Speaker, def: GameDefinition, formKey: string): Html {
  const solo = def.seats.max === 1;
  const ai = html`<label for="${def.id}-ai">${sp.t('web:newGame.ai')}</label><select id="${def.id}-ai" name="ai">${AI_LEVELS.map((l) => html`<option value="${l}">${sp.t(`web:ai.${l}`)}</option>`)}</select><span class="hint">${sp.t('web:newGame.aiHint')}</span>`;
  return html`<form class="new-game" method="post" action="/local/new">
${hidden('key', formKey)}${hidden('game', def.id)}
<h3>${gameTitle(sp, def)}</h3>
${def.summary ? html`<p>${gameText(sp, def, 'summary', def.summary)}</p>` : ''}
<div class="fields">
${solo ? '' : ai}
${(def.optionSpecs ?? []).map((spec) => optionField(sp, def, spec))}
</div>
<button type="submit">${sp.t(solo ? 'web:newGame.startSolo' : 'web:newGame.startAi')}</button>
</form>`;
}

/** The home page of local play. */
export function localHome(opts: { sp: Speaker; games: LocalGameRow[]; defs: GameDefinition[]; formKey: string; notice?: string; here: Here }): string {
  const { sp } = opts;
  const rows = opts.games.map((r) => html`<li><a href="/play/${r.game.id}">#${r.game.id} ${r.title}</a> · ${r.opponent} · ${r.status}</li>`);
  const code = (text: string) => html`<code>${text}</code>`;
  const body = html`<main class="local">
${opts.notice ? html`<p class="notice" role="alert">${opts.notice}</p>` : ''}
<section class="intro"><p>${sp.t('web:local.intro')}</p>
<p>${sayHtml(sp, 'web:local.discord', { setting: code(`DISCORD_TOKEN=<${sp.t('web:local.token')}>`), file: code('.env'), readme: 'README.md', section: README_DISCORD_SECTION })}</p></section>
<section class="games"><h2>${sp.t('web:local.games')}</h2>${rows.length ? html`<ul>${rows}</ul>` : html`<p>${sp.t('web:local.noGames')}</p>`}</section>
<section class="start"><h2>${sp.t('web:local.newGame')}</h2>${opts.defs.map((d) => newGameForm(sp, d, opts.formKey))}</section>
</main>`;
  return page({ sp, title: sp.t('web:local.heading'), header: html`<span class="home">${sp.t('web:brand')}</span> · <h1>${sp.t('web:local.heading')}</h1>`, here: opts.here, body });
}

type PanelOptions = {
  level: SaidLevel | null;
  chosen: string[];
  formKey: string;
  undo: boolean;
  confirmResign: boolean;
  aiThinking: boolean;
  touch: TouchBoard | null;
  /** A whole move chosen on the board without script: the move to post, and what it does. */
  confirm: { path: string; text: string } | null;
};

/** The panel of the player's choices at `chosen` (a step of a move), or why there are none. */
function movePanel(m: GameModel, opts: PanelOptions): Html {
  const { sp } = m;
  const id = m.game.id;
  const version = m.game.version;
  const resign = m.over ? '' : opts.confirmResign
    ? html`<form method="post" action="/play/${id}/resign" class="resign">${hidden('key', opts.formKey)}${hidden('version', version)}<p>${sp.t('web:play.resignAsk')}</p><button type="submit" class="danger">${sp.t('web:play.resignYes')}</button> <a href="/play/${id}">${sp.t('web:play.resignNo')}</a></form>`
    : html`<p class="resign"><a href="/play/${id}?resign=confirm">${sp.t('web:play.resign')}</a></p>`;
  const undo = opts.undo ? html`<form method="post" action="/play/${id}/undo">${hidden('key', opts.formKey)}${hidden('version', version)}<button type="submit"><span aria-hidden="true">↩</span> ${sp.t('web:play.undo')}</button></form>` : '';
  if (m.over) return html`<section class="your-move"><p><a href="/">${sp.t('web:play.backToGames')}</a></p></section>`;
  if (opts.aiThinking) return html`<section class="your-move"><p class="thinking">${sayHtml(sp, 'web:play.aiThinking', { reload: html`<a href="/play/${id}">${sp.t('web:play.reload')}</a>` })}</p>${resign}</section>`;
  const level = opts.level;
  if (opts.confirm) {
    return html`<section class="your-move" aria-label="${sp.t('web:play.yourMove')}">
<h2>${sp.t('web:play.confirm')}</h2>
<form method="post" action="/play/${id}/move">${hidden('key', opts.formKey)}${hidden('version', version)}
<div class="choices"><button type="submit" name="path" value="${opts.confirm.path}" class="choice completes">${opts.confirm.text}</button></div>
</form>
<p><a href="/play/${id}"><span aria-hidden="true">◀</span> ${sp.t('web:play.back')}</a></p>
${resign}
</section>`;
  }
  if (!level || !level.options.length) return html`<section class="your-move"><p>${sp.t('web:play.noChoice')}</p>${resign}</section>`;
  const pathOf = (key: string) => [...opts.chosen, key].join(':');
  const choices = level.options.map((o) =>
    o.completes
      ? html`<button type="submit" name="path" value="${pathOf(o.key)}" class="choice completes">${o.text}</button>`
      : html`<a class="choice" href="/play/${id}?path=${encodeURIComponent(pathOf(o.key))}">${o.text}</a>`,
  );
  const back = opts.chosen.length > 1 ? `?path=${encodeURIComponent(opts.chosen.slice(0, -1).join(':'))}` : '';
  return html`<section class="your-move" aria-label="${sp.t('web:play.yourMove')}">
<h2>${level.prompt}</h2>
<form method="post" action="/play/${id}/move">${hidden('key', opts.formKey)}${hidden('version', version)}
<div class="choices">${choices}</div>
</form>
${opts.chosen.length ? html`<p><a href="/play/${id}${back}"><span aria-hidden="true">◀</span> ${sp.t('web:play.back')}</a></p>` : ''}
${undo}${resign}
</section>`;
}

/** A game's play page. */
export function playPage(m: GameModel, links: WatchLinks, opts: PanelOptions & { notice?: string; watch: string; here: Here }): string {
  const { sp } = m;
  const touch = opts.touch && opts.level && m.index === m.last
    ? (img: Html) => touchableBoard(img, opts.touch!, { label: sp.t('web:board.label', { prompt: opts.level!.prompt }), href: (path) => `/play/${m.game.id}?path=${encodeURIComponent(path)}`, chosen: opts.chosen })
    : undefined;
  // The Describe says the player's own choices at the step shown (else, as a watcher's, whoever must act).
  const level = m.index === m.last ? opts.level : null;
  const choices = level ? (level.options.length ? [{ heading: sp.t('web:describe.yourChoices'), prompt: level.prompt, choices: level.options.map((o) => `${o.text}${o.completes ? '' : ' …'}`) }] : []) : undefined;
  const panel = html`${opts.notice ? html`<p class="notice" role="alert">${opts.notice}</p>` : ''}${m.index === m.last ? movePanel(m, opts) : ''}<p class="watch-link">${sayHtml(sp, 'web:play.watchLine', { link: html`<a href="${opts.watch}">${sp.t('web:play.watchPage')}</a>` })}</p>`;
  return page({
    sp,
    title: sp.t('web:title.game', { game: m.title, id: m.game.id }),
    header: gameHeader(m, true),
    here: opts.here,
    body: watchMain(m, links, panel, touch, choices),
    scripts: ['play.js'],
    description: m.alt,
  });
}
