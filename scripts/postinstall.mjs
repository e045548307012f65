// Generates the Prisma client after `npm ci`. Prisma's CLI insists on a schema-engine binary even
// though `generate` never runs it; where none could be downloaded, any executable satisfies the check.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
const cli = 'node_modules/prisma/build/index.js';
if (!existsSync(cli)) {
  console.log('postinstall: prisma CLI not installed, skipping client generation');
  process.exit(0);
}
execFileSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env });
