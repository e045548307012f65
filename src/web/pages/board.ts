// The touchable board of a play page: the board's image with an SVG of the same size laid over
// it, one link per choice of the step where the board draws what it names. Each carries the
// choice's key (`data-choice`), its words as its name and its hover text, and leads where the
// list's choice leads: a step to the next step's page, a move to the same form post as the
// list's button (play.js presses that button; the form's key and version go with it). The lists
// stay below, for keyboard and screen-reader users. On a narrow screen a dense map is drawn
// wider than the screen and pans, so that every target is at least TARGET_PX across.
import type { BoardShape } from '../../render/targets.js';
import type { TouchBoard } from '../boardTargets.js';
import type { SaidLevel } from '../choices.js';
import { html, type Html } from '../html.js';

/** The least size of a target on the screen, in CSS pixels (WCAG's 24, and a little room). */
const TARGET_PX = 25;
/** The widths style.css has a class for (`w-<px>`): a board is never drawn narrower than its class says. */
const MIN_WIDTH_STEP = 50;
const MIN_WIDTH_MAX = 2000;

const num = (v: number) => String(Math.round(v * 10) / 10);
const pathOf = (shapes: BoardShape[]) => shapes.map((s) => `M${s.polygon.map((p) => `${num(p[0])} ${num(p[1])}`).join('L')}Z`).join('');

/** The class of the least width at which the smallest target is TARGET_PX across; none when any width will do. */
export function minWidthClass(board: TouchBoard): string {
  const least = Math.ceil((TARGET_PX * board.width) / board.smallest / MIN_WIDTH_STEP) * MIN_WIDTH_STEP;
  return least <= 300 ? '' : `w-${Math.min(MIN_WIDTH_MAX, least)}`;
}

export function touchableBoard(img: Html, board: TouchBoard, opts: { label: string; href: (path: string) => string; chosen: string[] }): Html {
  const targets = board.targets.map((t) => {
    const path = [...opts.chosen, t.key].join(':');
    const shown = t.shown !== t.shapes ? html`<path class="shown" d="${pathOf(t.shown)}"/>` : '';
    return html`<a class="target${t.completes ? ' completes' : ''}" href="${opts.href(path)}" data-choice="${t.key}" data-path="${path}"${t.completes ? html` data-completes=""` : ''} aria-label="${t.text}"><title>${t.text}</title>${shown}<path class="hit" d="${pathOf(t.shapes)}"/></a>`;
  });
  const chosen = board.chosen.length ? html`<path class="chosen" d="${pathOf(board.chosen)}"/>` : '';
  return html`<div class="pan"><div class="frame ${minWidthClass(board)}">${img}<svg class="touch" viewBox="0 0 ${board.width} ${board.height}" preserveAspectRatio="none" role="group" aria-label="${opts.label}">${chosen}${targets}</svg></div></div>`;
}

/**
 * The list of a step's choices, inside the page's move form: a choice that completes the move is
 * the form's submit button (its `path`), one that leads on is a link to the next step's page.
 * The touchable board's targets press these buttons (play.js).
 */
export function choiceList(level: SaidLevel, chosen: string[], href: (path: string) => string): Html {
  const pathOf = (key: string) => [...chosen, key].join(':');
  return html`<div class="choices">${level.options.map((o) =>
    o.completes
      ? html`<button type="submit" name="path" value="${pathOf(o.key)}" class="choice completes">${o.text}</button>`
      : html`<a class="choice" href="${href(pathOf(o.key))}">${o.text}</a>`,
  )}</div>`;
}
