// The pairing core stands alone and is deterministic: it imports only its own files (and Node's
// built-ins), and reads no clock and no random source, so the same games always pair the same way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/env.js';

const folder = path.join(PROJECT_ROOT, 'src', 'tournaments', 'pairing');
const sources = readdirSync(folder)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(folder, f), 'utf8') }));

describe('the pairing core', () => {
  it('given its sources, then every import is one of its own files or a Node built-in', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { file, text } of sources) {
      const specifiers = [...text.matchAll(/(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\s*\(?\s*'([^']+)'/g)].map((m) => m[1] ?? m[2]!);
      for (const s of specifiers) expect(/^\.\/[\w.-]+\.js$/.test(s) || s.startsWith('node:'), `${file} imports ${s}`).toBe(true);
    }
  });

  it('given its sources, then none reads a clock or a random source', () => {
    for (const { file, text } of sources) {
      const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      expect(code, file).not.toMatch(/\bDate\b|Math\.random|performance\.|process\.|crypto/);
    }
  });
});
