// The Activity's setting and its Discord side, without a bot (README, "Activity"): ACTIVITY=on
// needs an https PUBLIC_URL and the OAuth2 client, and says which is missing; every running
// board then offers "Play on the board" (its customId reads back, within five rows of five, in
// the board's language), a finished one does not; the Entry Point command is what Discord takes.
import { ButtonBuilder } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { buildEntryPointCommand } from '../../commands/index.js';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { decodeCustomId, encodeCustomId } from '../../src/discord/customId.js';
import { boardComponents } from '../../src/discord/views/board.js';
import { speaker } from '../../src/i18n/index.js';
import { FormErrors } from '../harness/formErrors.js';
import { validateCommands } from '../harness/interactionLimits.js';
import { seededPositions } from '../helpers/positions.js';

const READY = { ACTIVITY: 'on', PUBLIC_URL: 'https://siege.example.org', DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'a-secret-of-the-app' };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env, false);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('ACTIVITY', () => {
  it('is off unless set, and on with what it needs', () => {
    expect(loadConfig({}, false).activity).toBe(false);
    expect(loadConfig({ ACTIVITY: 'off' }, false).activity).toBe(false);
    expect(loadConfig(READY, false).activity).toBe(true);
  });

  it('given a value that is neither on nor off, or a missing need, then the bot stops with one line naming it', () => {
    expect(refusal({ ...READY, ACTIVITY: 'yes' })).toMatch(/^ACTIVITY must be on or off, got "yes"/);
    expect(refusal({ ...READY, PUBLIC_URL: '' })).toMatch(/ACTIVITY=on needs PUBLIC_URL/);
    expect(refusal({ ...READY, PUBLIC_URL: 'http://siege.example.org' })).toMatch(/ACTIVITY=on needs PUBLIC_URL, the https address/);
    const { DISCORD_CLIENT_ID: _id, DISCORD_CLIENT_SECRET: _secret, ...noClient } = READY;
    expect(refusal(noClient)).toMatch(/ACTIVITY=on needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET/);
  });
});

const GAMES: [string, number[], Record<string, unknown>?][] = [
  ['siege-master', [0, 1, 2, 20, 999]],
  ['dice-realms', [0, 1, 2, 3, 30]],
  ['kingdoms-siege', [0, 8, 999]],
  ['kingdoms-solo', [0, 8, 999]],
  ['two-deck-siege', [0, 12, 999]],
];
const positions = GAMES.flatMap(([game, at, options]) => seededPositions(game, 'activity-1', at, options));
const customIdOf = (b: ButtonBuilder) => (b.data as { custom_id?: string }).custom_id;

describe('the "Play on the board" button', () => {
  it('given every seeded board with the Activity on, then a running one offers it in the board\'s language and a finished one does not, within five rows of five', () => {
    const sp = speaker('fr');
    for (const p of positions) {
      for (const offers of [undefined, { undo: true, takeback: true }] as const) {
        for (const watch of [null, 'https://siege.example.org/g/x']) {
          const rows = boardComponents(sp, p.def, p.game, offers as never, watch, true);
          expect(rows.length, p.label).toBeLessThanOrEqual(5);
          for (const row of rows) expect(row.components.length, p.label).toBeLessThanOrEqual(5);
          const buttons = rows.flatMap((r) => r.components).filter((c): c is ButtonBuilder => c instanceof ButtonBuilder);
          const open = buttons.find((b) => customIdOf(b)?.startsWith('s1:ac:'));
          if (p.game.status !== 'ACTIVE') {
            expect(open, p.label).toBeUndefined();
            continue;
          }
          expect(open, p.label).toBeDefined();
          expect((open!.data as { label?: string }).label).toBe('Jouer sur le plateau');
          expect(decodeCustomId(customIdOf(open!)!)).toEqual({ kind: 'activity', gameId: p.game.id });
          // The Activity's button never pushes out a move: the board's own buttons are all there.
          const without = boardComponents(sp, p.def, p.game, offers as never, watch, false).flatMap((r) => r.components).map((c) => (c.data as { custom_id?: string }).custom_id);
          const all = rows.flatMap((r) => r.components).map((c) => (c.data as { custom_id?: string }).custom_id);
          for (const id of without.filter((x) => x?.startsWith('s1:mv:'))) expect(all, p.label).toContain(id);
        }
      }
    }
  });

  it('is not offered with the Activity off, and its customId reads back only whole', () => {
    const running = positions.find((p) => p.game.status === 'ACTIVE')!;
    const ids = boardComponents(speaker('en-US'), running.def, running.game, undefined, null).flatMap((r) => r.components).map((c) => (c.data as { custom_id?: string }).custom_id);
    expect(ids.some((id) => id?.startsWith('s1:ac:'))).toBe(false);
    expect(encodeCustomId({ kind: 'activity', gameId: 12 })).toBe('s1:ac:12');
    for (const id of ['s1:ac', 's1:ac:0', 's1:ac:12:3', 's1:ac:x']) expect(decodeCustomId(id), id).toBeNull();
  });
});

describe('the Entry Point command', () => {
  it('is a PRIMARY_ENTRY_POINT that Discord launches, described in every language, valid for an app with Activities', () => {
    const command = buildEntryPointCommand();
    expect(command).toMatchObject({ type: 4, name: 'launch', handler: 2, integration_types: [0], contexts: [0] });
    expect(command.description).toBe('Play Siege on the board, right here in Discord');
    expect(Object.keys(command.description_localizations ?? {}).sort()).toEqual(['de', 'es-419', 'es-ES', 'fr', 'pt-BR']);
    const errors = new FormErrors();
    validateCommands([command], errors, { global: true, activity: true });
    expect(errors.list).toEqual([]);
  });
});
