// HTML written by hand, safely: every value put into a page is escaped unless it is HTML this
// module made (`Html`). Pages are server-rendered; the little script there is lives in
// src/web/static/ and is loaded from the page's own origin (the Content-Security-Policy allows
// no inline script).
import { LOCALES, LOCALE_NAMES, type Speaker } from '../i18n/index.js';

/** HTML that is safe to put in a page as it is. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

type Piece = Html | string | number | boolean | null | undefined | Piece[];

function render(piece: Piece): string {
  if (piece === null || piece === undefined || piece === false) return '';
  if (piece instanceof Html) return piece.value;
  if (Array.isArray(piece)) return piece.map(render).join('');
  return escapeHtml(String(piece));
}

/** A template whose values are escaped (an `Html`, or an array of them, is put in as it is). */
export function html(strings: TemplateStringsArray, ...values: Piece[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new Html(out);
}

/**
 * A catalog text with HTML in its places: `values` that are `Html` (a link, a <time>) go in as
 * they are, the words around them are escaped.
 */
export function sayHtml(sp: Speaker, key: string, values: Record<string, Piece> = {}, form: { count?: number } = {}): Html {
  const pieces: Piece[] = [];
  const marked: Record<string, unknown> = { ...form };
  for (const [name, value] of Object.entries(values)) {
    marked[name] = `\u0001${pieces.length}\u0001`;
    pieces.push(value);
  }
  const text = escapeHtml(sp.t(key, marked));
  return new Html(text.replace(/\u0001(\d+)\u0001/g, (_, i: string) => render(pieces[Number(i)])));
}

/** The page's place, for its language picker: its path and the query it keeps. */
export type Here = { path: string; query: [string, string][] };

const GLOBE = html`<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="1.8" d="M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9M12 3c-2.5 2.6-3.6 5.6-3.6 9s1.1 6.4 3.6 9"/></svg>`;

/** Where the page is, in `locale`: its path and query, with `lang=` set. */
function hrefIn(here: Here, locale: string): string {
  const query = new URLSearchParams([...here.query, ['lang', locale]]);
  return `${here.path}?${query.toString()}`;
}

/**
 * The language picker: a small menu (no script needed) of links to the page in each language,
 * each named in itself; the server keeps the one followed in a cookie. Closed, it shows a globe
 * and the language's code, so that it fits beside the heading on a phone.
 */
function languagePicker(sp: Speaker, here: Here): Html {
  const label = sp.t('web:language.label');
  const code = (l: string) => l.split('-')[0]!.toUpperCase();
  return html`<details class="lang"><summary title="${label}" aria-label="${sp.t('web:language.current', { language: LOCALE_NAMES[sp.locale] })}">${GLOBE}<span aria-hidden="true">${code(sp.locale)}</span></summary>
<ul>${LOCALES.map((l) => html`<li><a href="${hrefIn(here, l)}" hreflang="${l}" lang="${l}" data-lang="${l}"${l === sp.locale ? html` aria-current="true"` : ''}>${LOCALE_NAMES[l]}</a></li>`)}</ul></details>`;
}

/** The page around a body: its language, title, header (with the language picker), the stylesheet and scripts. */
export function page(opts: { sp: Speaker; title: string; header: Html; here: Here; body: Html; footer?: Html; scripts?: string[]; description?: string }): string {
  const scripts = ['page.js', ...(opts.scripts ?? [])];
  return `<!doctype html>\n${html`<html lang="${opts.sp.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.sp.t('web:title.page', { title: opts.title })}</title>
${opts.description ? html`<meta name="description" content="${opts.description}">` : ''}
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
${scripts.map((s) => html`<script src="/static/${s}" defer></script>`)}
</head>
<body>
<header class="top"><div class="crumbs">${opts.header}</div>${languagePicker(opts.sp, opts.here)}</header>
${opts.body}
${opts.footer ? html`<footer class="bottom">${opts.footer}</footer>` : ''}
</body>
</html>`.value}\n`;
}
