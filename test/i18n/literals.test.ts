// No words a player reads are written in the code of the platform: every text of the commands,
// the Discord adapter, the web pages, the shared rendering, the services' and the tournaments' messages comes from
// a catalog, in the reader's language. The test reads each source file with the TypeScript parser
// and flags a string that reads as words ("Game over", `${name} won`), except where no player
// reads it: log lines, thrown errors (a player sees only a generic answer with a reference),
// imports, catalog keys, custom ids, and the short allow-list below (notation and ids).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/env.js';

/** Where players' words would be: the platform's code (the games speak through their phrases). */
const AREAS = ['commands', 'src/discord', 'src/web', 'src/services', 'src/render', 'src/tournaments'];

/** Game renderers draw through their catalogs too; their own tests (expectTextsFit, phrases) check them. */
const SKIPPED_FOLDERS = [/^src\/render\/(siege-master|dice-realms|kingdoms|two-deck-siege)\//, /^src\/generated\//];

/** Strings that read as words but no player reads as such, by file and text. */
const ALLOWED: { file: RegExp; text: RegExp; why: string }[] = [
  { file: /.*/, text: /^(Siege|Siege Master|Dice Realms|Kingdoms Siege Mode|Kingdoms Solo Variant|Two Deck Siege)$/, why: 'names' },
  // A command as it is typed (a value of a phrase, the same in every language).
  { file: /.*/, text: /^`\/siege [^`]+`$/, why: 'typed commands' },
  { file: /^src\/render\/fonts\.ts$/, text: /^Atkinson Hyperlegible$/, why: "the font's name" },
  // The host's endpoints (/healthz, /readyz, /metrics) answer operators and Prometheus, in English.
  { file: /^src\/web\/(http|readiness)\.ts$/, text: /.*/, why: 'operators' },
  // The README is written in English: a page that points to one of its sections names it so.
  { file: /^src\/web\/pages\/local\.ts$/, text: /^Creating the Discord application$/, why: "the README's heading" },
];

/** Calls whose string arguments no player reads. */
const QUIET_CALLEE = /^(log|this\.log|deps\.log|ctx\.log|logger|console|app\.log|request\.log)\.(trace|debug|info|warn|error|fatal|child)$|^(t|sp\.t|s\.t|speaker\.t|tr|hasText|say|sayOr|localized|localizedChoice|localizations|require|import|describe|it|test|expect|setCustomId|encodeCustomId|metric|counter|histogram|gauge|Symbol|RegExp|createHash|startsWith|endsWith|includes|split|join|replace|replaceAll|padStart|padEnd|querySelector|getElementById|addEventListener|header|type|getString|getInteger|getBoolean|getChannel|getUser|getSubcommand|getSubcommandGroup|setName|setHeader|get|post|register|route|on|once|emit|prepare|execute|query|\$queryRaw|\$executeRaw|\$queryRawUnsafe|\$executeRawUnsafe)$/;

/** A text reads as words when two words of letters stand side by side, apart by a space. */
const WORDS = /[A-Za-zÀ-ÿ]{2,}[,.:;!?'’]? +[A-Za-zÀ-ÿ]{2,}/;

/** What is left of a string for a reader: markup (tags and their attributes) and media types taken out. */
function readable(text: string): string {
  if (/^[\w.+-]+\/[\w.+-]+(;|$)/.test(text)) return ''; // a media type: "text/html; charset=utf-8"
  return text.replace(/<[^>]*>/g, ' ').replace(/<[^>]*$/, ' ').replace(/^[^<]*>/, ' ');
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  return call.expression.getText();
}

/** Whether no player reads a string at `node`: an argument of a quiet call, an error, a key. */
function quiet(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    // SQL ($queryRaw`…`), and an error's own message (super('…') in an Error class).
    if (ts.isTaggedTemplateExpression(at)) return true;
    if (ts.isCallExpression(at) && at.expression.kind === ts.SyntaxKind.SuperKeyword) return true;
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isImportTypeNode(at) || ts.isLiteralTypeNode(at)) return true;
    if (ts.isNewExpression(at) && /Error$/.test(calleeName(at))) return true;
    if (ts.isThrowStatement(at)) return true;
    if (ts.isCallExpression(at)) {
      const name = calleeName(at);
      // err(code, english, phrase): the English stays beside its phrase (the engine contract).
      if (/(^|\.)err$/.test(name) && at.arguments.length >= 3) return true;
      if (QUIET_CALLEE.test(name) || QUIET_CALLEE.test(name.split('.').slice(-1)[0]!) || /(^|\.)log\??\.(debug|info|warn|error)$/.test(name)) return true;
      return false;
    }
    if (ts.isPropertyAssignment(at) && at.initializer !== node && at.name === node) return true;
    // `reason: 'English'` beside `reasonPhrase` (or `text` beside `phrase`): said by the phrase.
    if (ts.isPropertyAssignment(at) && ts.isObjectLiteralExpression(at.parent)) {
      const name = at.name.getText();
      const keys = at.parent.properties.map((p) => p.name?.getText());
      if (keys.includes(`${name}Phrase`) || keys.includes('phrase')) return true;
    }
    if (ts.isCaseClause(at) || ts.isBinaryExpression(at) && /===|!==/.test(at.operatorToken.getText())) return true;
    if (ts.isBlock(at) || ts.isSourceFile(at)) return false;
  }
  return false;
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** Every string of `file` that reads as words and that a player may read. */
export function wordyLiterals(file: string): { line: number; text: string }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    const words = literalText(node);
    if (words !== null && WORDS.test(readable(words)) && !quiet(node)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: words.slice(0, 120) });
      if (ts.isTemplateExpression(node)) return; // its spans' own strings are part of it
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the words players read', () => {
  it('come from the catalogs: no words written in the code of the commands, the adapters, the services or the shared rendering', () => {
    const problems: string[] = [];
    for (const area of AREAS) {
      for (const file of sourceFiles(path.join(PROJECT_ROOT, area))) {
        const rel = path.relative(PROJECT_ROOT, file);
        if (SKIPPED_FOLDERS.some((f) => f.test(rel))) continue;
        for (const hit of wordyLiterals(file)) {
          if (ALLOWED.some((a) => a.file.test(rel) && a.text.test(hit.text))) continue;
          problems.push(`${rel}:${hit.line} "${hit.text}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
