// The layers of the house (README: Layout), checked on every import, type-only imports included:
// each layer imports only the layers below it; the game master (src/master) stands on the services
// and knows no front end and no job queue (it speaks to them through its events and its JobPort),
// and the services know nothing of the master; the tournaments (src/tournaments) stand on the
// master, beside it, and likewise know no front end and no job queue (their events, their port),
// while neither the master nor the services know them; nothing in src imports the slash commands, and no
// module imports itself through others. The generated Prisma client is not ours and is left out.
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/env.js';

const under = (...folders: string[]) => `^src/(${folders.join('|')})/`;

/** Each rule names what a layer must not import. */
const RULES: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: { path: '^(src|commands)/' }, to: { circular: true } },
  { name: 'engine-is-the-bottom', severity: 'error', from: { path: under('engine') }, to: { path: '^src/', pathNot: under('engine') } },
  { name: 'games-use-only-the-engine', severity: 'error', from: { path: under('games') }, to: { path: '^src/', pathNot: under('engine', 'games') } },
  { name: 'ai-below-services', severity: 'error', from: { path: under('ai') }, to: { path: under('services', 'master', 'discord', 'web', 'scheduling', 'persistence', 'render') } },
  { name: 'render-below-services', severity: 'error', from: { path: under('render') }, to: { path: under('services', 'master', 'discord', 'web', 'scheduling', 'persistence', 'ai') } },
  { name: 'persistence-below-services', severity: 'error', from: { path: under('persistence') }, to: { path: under('services', 'master', 'discord', 'web', 'scheduling', 'ai', 'render', 'games') } },
  { name: 'languages-say-only-engine-phrases', severity: 'error', from: { path: under('i18n') }, to: { path: '^src/', pathNot: under('i18n', 'engine', 'config') } },
  { name: 'config-is-the-bottom', severity: 'error', from: { path: under('config') }, to: { path: '^src/', pathNot: under('config') } },
  { name: 'services-know-no-front-end', severity: 'error', from: { path: under('services') }, to: { path: `${under('discord', 'web', 'scheduling')}|^src/app\\.ts$` } },
  { name: 'services-know-no-master', severity: 'error', from: { path: under('services') }, to: { path: under('master') } },
  { name: 'services-know-no-tournaments', severity: 'error', from: { path: under('services') }, to: { path: under('tournaments') } },
  // The tournaments hear the master's events and start games through it; they tell their own listeners through theirs, and arm jobs through their port.
  { name: 'tournaments-stand-on-the-master', severity: 'error', from: { path: under('tournaments') }, to: { path: '^src/', pathNot: under('tournaments', 'master', 'services', 'engine', 'games', 'persistence', 'config') } },
  { name: 'tournaments-read-only-persistence-types', severity: 'error', from: { path: under('tournaments') }, to: { path: under('persistence'), dependencyTypesNot: ['type-only'] } },
  // The master tells the front ends what happened through its subscribers, and arms jobs through its JobPort.
  { name: 'master-knows-no-front-end', severity: 'error', from: { path: under('master') }, to: { path: `${under('discord', 'web', 'scheduling')}|^src/app\\.ts$` } },
  { name: 'master-stands-on-services', severity: 'error', from: { path: under('master') }, to: { path: '^src/', pathNot: under('master', 'services', 'engine', 'games', 'persistence', 'config') } },
  { name: 'master-reads-only-persistence-types', severity: 'error', from: { path: under('master') }, to: { path: under('persistence'), dependencyTypesNot: ['type-only'] } },
  { name: 'front-ends-apart', severity: 'error', from: { path: under('discord') }, to: { path: under('web', 'scheduling') } },
  { name: 'web-apart-from-discord', severity: 'error', from: { path: under('web') }, to: { path: under('discord', 'scheduling') } },
  { name: 'scheduling-below-front-ends', severity: 'error', from: { path: under('scheduling') }, to: { path: under('discord', 'web') } },
  { name: 'src-never-imports-commands', severity: 'error', from: { path: '^src/' }, to: { path: '^(commands|scripts|test|bench)/' } },
  { name: 'no-discord-type-below-the-adapter', severity: 'error', from: { path: '^src/', pathNot: '^src/(discord/|app\\.ts$)' }, to: { path: 'node_modules/(discord\\.js|@discordjs)/' } },
  { name: 'only-the-app-composes', severity: 'error', from: { path: '^src/', pathNot: '^src/app\\.ts$' }, to: { path: '^src/app\\.ts$' } },
];

async function cruiseProject(): Promise<ICruiseResult> {
  process.chdir(PROJECT_ROOT);
  const tsConfig = extractTSConfig(path.join(PROJECT_ROOT, 'tsconfig.json'));
  const result = await cruise(
    ['src', 'commands'],
    {
      ruleSet: { forbidden: RULES },
      validate: true,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      exclude: { path: '^src/generated/' },
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.mjs', '.js'] },
    { tsConfig },
  );
  return result.output as ICruiseResult;
}

describe('the layers', () => {
  it('every import goes down a layer, none in a circle, none from src into the commands', async () => {
    const result = await cruiseProject();
    expect(result.summary.totalCruised).toBeGreaterThan(150);
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
    expect(violations).toEqual([]);
  }, 120_000);
});
