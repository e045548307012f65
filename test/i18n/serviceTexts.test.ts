// The services speak every language: read from the source (the TypeScript syntax tree of every
// file under src/services and src/master), no refusal goes out without its phrase (`err(code, message, phrase)`),
// no English sentence for a player is written in the code (it is a text of the services' catalog,
// its English said by the en-US catalog), and every English text the services keep beside a
// phrase (an outcome's reason, a board's headline, a log event, a refusal's message) has it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/env.js';

/** The services, and the game master above them: both word what the platform decides. */
const SPEAKERS = [path.join(PROJECT_ROOT, 'src', 'services'), path.join(PROJECT_ROOT, 'src', 'master')];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') && !full.endsWith('.d.ts') ? [full] : [];
  });
}

const sources = SPEAKERS.flatMap(filesUnder).map((file) => ({
  name: path.relative(PROJECT_ROOT, file),
  tree: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
}));

function nodes(tree: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(tree);
  return out;
}

const where = (tree: ts.SourceFile, n: ts.Node) => `${path.relative(PROJECT_ROOT, tree.fileName)}:${tree.getLineAndCharacterOfPosition(n.getStart(tree)).line + 1}`;

/**
 * Refusals no player sees, allowed to go without a phrase: none. (A game's own refusal passed on
 * keeps the phrase the game gave it: `gameRefusal`.)
 */
const UNPHRASED_REFUSALS: string[] = [];

/** What a player may read in English only: nothing of the services' own words. */
const ENGLISH_ALLOWED: { file: string; text: string; why: string }[] = [];

/** A text that reads as words: two words in a row ("is over"), or one capitalised word ("Resigned."). */
const isWords = (text: string) => /[A-Za-z]{2,}[,.;:!?'’)”"]*\s+[(“"'‘*]*[A-Za-z]{2,}/.test(text) || /^[A-Z][a-z]{2,}[.!]?$/.test(text.trim());

/**
 * The literal's text, its substitutions as a word (so "Game #${id} begins" reads as words), when
 * its own parts hold a word: `${base} (${description})` is layout, not words. A text all in
 * backticks is notation (a command as typed: `/siege vacation end`).
 */
function literalText(n: ts.Node): string | null {
  let own: string;
  let text: string;
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) own = text = n.text;
  else if (ts.isTemplateExpression(n)) {
    own = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' ');
    text = [n.head.text, ...n.templateSpans.map((s) => `xx${s.literal.text}`)].join('');
  } else return null;
  if (!/[A-Za-z]{2,}/.test(own) || /^`[^`]+`$/.test(text.trim())) return null;
  return text;
}

/** Where a literal is no text for a player: a module path, SQL, a log line, an exception, a type. */
function isInternal(n: ts.Node): boolean {
  for (let at: ts.Node | undefined = n.parent, child: ts.Node = n; at; child = at, at = at.parent) {
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isLiteralTypeNode(at)) return true;
    if (ts.isTaggedTemplateExpression(at)) return true; // SQL ($queryRaw)
    if (ts.isNewExpression(at) && /(Error|Conflict)$/.test(at.expression.getText())) return true;
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText();
      if (/(^|\.)(log\??)\.(trace|debug|info|warn|error|fatal)$/.test(callee)) return true;
      if (callee === 'super') return true; // an Error subclass names itself
      // A literal that is a call's argument belongs to that call; the one that says it to a player is checked apart.
      if (at.arguments.includes(child as ts.Expression)) return false;
    }
    if (ts.isBlock(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}

describe('the services speak every language', () => {
  it('scans every file of src/services and src/master', () => {
    expect(sources.map((s) => s.name)).toEqual(expect.arrayContaining(['src/services/games.ts', 'src/master/turns.ts', 'src/services/records/takebacks.ts']));
  });

  it('every refusal carries its phrase: err(code, message, phrase)', () => {
    const bare: string[] = [];
    for (const { tree } of sources) {
      for (const n of nodes(tree)) {
        if (!ts.isCallExpression(n) || n.expression.getText() !== 'err') continue;
        if (n.arguments.length < 3 && !UNPHRASED_REFUSALS.includes(where(tree, n))) bare.push(`${where(tree, n)}: ${n.getText().slice(0, 100)}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('no English sentence for a player is written in the code: each is a text of the catalog', () => {
    const found: string[] = [];
    for (const { name, tree } of sources) {
      for (const n of nodes(tree)) {
        const text = literalText(n);
        if (text === null || !isWords(text) || isInternal(n)) continue;
        if (ENGLISH_ALLOWED.some((a) => a.file === name && text.includes(a.text))) continue;
        found.push(`${where(tree, n)}: ${n.getText().slice(0, 100)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('every English text kept for a player has its phrase beside it', () => {
    // The property that holds English, and the one that holds its phrase.
    const pairs: [english: string, phrase: string, when?: string][] = [
      ['reason', 'reasonPhrase', 'winners'], // an outcome
      ['headline', 'headlinePhrase', 'kind'], // a change of a game's board
      ['retiredText', 'retiredPhrase', 'kind'],
      ['text', 'phrase', 'type'], // a log event: { type, text, phrase }
      ['message', 'phrase', 'ok'], // a refusal given as a value: { ok: false, message, phrase }
    ];
    const missing: string[] = [];
    for (const { tree } of sources) {
      for (const n of nodes(tree)) {
        if (!ts.isObjectLiteralExpression(n)) continue;
        const names = new Set(n.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : [])));
        const spreads = n.properties.some((p) => ts.isSpreadAssignment(p));
        for (const [english, phrase, when] of pairs) {
          if (names.has(english) && (!when || names.has(when)) && !names.has(phrase) && !spreads) missing.push(`${where(tree, n)}: { ${english} } without ${phrase}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the allow-lists stay short and every entry says why', () => {
    expect(UNPHRASED_REFUSALS.length + ENGLISH_ALLOWED.length).toBeLessThanOrEqual(5);
    for (const a of ENGLISH_ALLOWED) expect(a.why.length).toBeGreaterThan(10);
  });
});
