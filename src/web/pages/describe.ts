// The web's Describe: the whole position in words, as Discord's Describe button gives it, as a
// toggle right after the board (<details>, so that it opens without script and a screen reader
// announces it). The header's sentences, each part under its heading with its lines, the part's
// grid or record as a table with row and column headers (a wide one scrolls inside its own box),
// then the choices of the step the game waits for, as text. It lives in the page's changing part
// (#game), so a live update brings the new position's description along.
import type { DescribedTable } from '../../render/describe.js';
import type { ChoicesShown, GameModel } from '../gameModel.js';
import { html, type Html } from '../html.js';

function table(t: DescribedTable, id: string): Html {
  const [corner, ...columns] = t.columns;
  const captionId = `describe-${id}-caption`;
  // The box scrolls, not the page: focusable and named, so that a keyboard can scroll it too.
  return html`<div class="table-scroll" tabindex="0" role="region" aria-labelledby="${captionId}"><table>
<caption id="${captionId}">${t.caption}</caption>
<thead><tr><th scope="col">${corner ?? ''}</th>${columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
<tbody>${t.rows.map((r) => html`<tr><th scope="row">${r.header}</th>${r.cells.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody>
</table></div>`;
}

function choicesPart(m: GameModel, shown: ChoicesShown[]): Html | '' {
  if (!shown.length) return '';
  return html`<section class="describe-choices"><h3>${m.sp.t('web:describe.choicesNow')}</h3>${shown.map((c) => html`<h4>${c.heading}</h4><p>${c.prompt}</p><ul>${c.choices.map((text) => html`<li>${text}</li>`)}</ul>`)}</section>`;
}

/** The Describe toggle of the position the page shows; '' for a game with no describer. */
export function describeToggle(m: GameModel, shown: ChoicesShown[]): Html | '' {
  const d = m.description;
  if (!d) return '';
  const parts = d.position.parts.map((p) => html`<section class="describe-part" data-part="${p.id}"><h3>${p.heading}</h3>${p.lines.length === 1 ? html`<p>${p.lines[0]}</p>` : html`<ul>${p.lines.map((l) => html`<li>${l}</li>`)}</ul>`}${p.table ? table(p.table, p.id) : ''}</section>`);
  return html`<details class="describe" id="describe"><summary>${m.sp.t('web:describe.summary')}</summary>
<div class="describe-body">${d.header.map((line) => html`<p>${line}</p>`)}
${parts}
${choicesPart(m, shown)}</div>
</details>`;
}
