// Discord's Embedded App SDK as one browser script, `window.SiegeDiscord.DiscordSDK`, for the
// Activity's page: the web front has no build step, and the SDK ships as ES modules that import
// one another. Run by `npm ci` (scripts/postinstall.mjs); the web front makes it too when missing.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The project's folder, where the SDK is installed, whatever folder the bot was started from. */
const PROJECT = fileURLToPath(new URL('..', import.meta.url));

/** Writes the bundle to `outfile` (minified, for browsers from 2020 on). */
export async function bundleDiscordSdk(outfile) {
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    stdin: { contents: "export { DiscordSDK } from '@discord/embedded-app-sdk';", resolveDir: PROJECT, loader: 'js' },
    bundle: true,
    format: 'iife',
    globalName: 'SiegeDiscord',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'eof',
    outfile,
    logLevel: 'warning',
  });
}
