// HTML written by hand, safely: every value put into a page is escaped unless it is HTML this
// module made (`Html`). Pages are server-rendered; the little script there is lives in
// src/web/static/ and is loaded from the page's own origin (the Content-Security-Policy allows
// no inline script).

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

/** The page around a body: language, title, the stylesheet, and the scripts named. */
export function page(opts: { lang: string; title: string; body: Html; scripts?: string[]; description?: string }): string {
  return `<!doctype html>\n${html`<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title}</title>
${opts.description ? html`<meta name="description" content="${opts.description}">` : ''}
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
${(opts.scripts ?? []).map((s) => html`<script src="/static/${s}" defer></script>`)}
</head>
<body>
${opts.body}
</body>
</html>`.value}\n`;
}
