// What a reader of a web page reads: its text, and the texts a screen reader says (alt, title,
// aria-label, placeholder), without markup, scripts or the page's data. And the English words
// a page in another language must not show.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words and labels of a page, one run of text. */
export function visibleText(page: string): string {
  const labels = [...page.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)].map((m) => m[1]!);
  const body = page
    .replace(/<head>[\s\S]*?<\/head>/, (head) => head.match(/<title>[\s\S]*?<\/title>/)?.[0] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return [body, ...labels].join(' ').replace(/&(#?\w+);/g, (all, name: string) => ENTITIES[name] ?? all).replace(/\s+/g, ' ').trim();
}

/** Common English words that no German text of ours uses. */
const ENGLISH = /\b(the|to|of|and|you|your|by|is|with|move|moves|game|games|turn|placed|army|red|blue|won|lost|yet|page|watch|review|previous|next|first|current|players?|rating|back|choose|undo|resign|waiting|over|looking|no|nothing|here|there|not|this|that)\b/gi;

/** English words left in `text` once the `allowed` texts (names, notation) are taken out. */
export function englishIn(text: string, allowed: (string | RegExp)[] = []): string[] {
  let rest = text;
  for (const a of allowed) rest = typeof a === 'string' ? rest.split(a).join(' ') : rest.replace(a, ' ');
  return [...rest.matchAll(ENGLISH)].map((m) => {
    const at = m.index ?? 0;
    return `${m[0]} (…${rest.slice(Math.max(0, at - 30), at + 30)}…)`;
  });
}

/** The names of the languages in the picker: each is named in itself. */
export const LANGUAGE_NAMES = ['English', 'Deutsch', 'Español', 'Français', 'Português (Brasil)'];
