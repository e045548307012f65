// The web login's settings (README, "Playing your Discord games in the browser"): given
// DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, both or neither, then the configuration holds them;
// one without the other, or a secret that is not one, stops the bot naming what to set.
import { describe, expect, it } from 'vitest';
import { ConfigError, SETTINGS, loadConfig } from '../../src/config/env.js';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env, false);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return null;
};

describe('the web login settings', () => {
  it('both set: the client is configured; neither: watch pages stay watch-only', () => {
    expect(loadConfig({ DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'abcdefghijklmnop' }, false)).toMatchObject({ discordClientId: '123456789012345678', discordClientSecret: 'abcdefghijklmnop' });
    expect(loadConfig({}, false)).toMatchObject({ discordClientId: null, discordClientSecret: null });
  });

  it('one without the other, a client id that is no id, or a secret with spaces stops the bot with what to set', () => {
    expect(refusal({ DISCORD_CLIENT_ID: '123456789012345678' })).toMatch(/^DISCORD_CLIENT_SECRET must be set too/);
    expect(refusal({ DISCORD_CLIENT_SECRET: 'abcdefghijklmnop' })).toMatch(/^DISCORD_CLIENT_ID must be set too/);
    expect(refusal({ DISCORD_CLIENT_ID: 'siege', DISCORD_CLIENT_SECRET: 'abcdefghijklmnop' })).toMatch(/^DISCORD_CLIENT_ID must be a Discord id/);
    expect(refusal({ DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 'has a space in it' })).toMatch(/^DISCORD_CLIENT_SECRET does not look like a client secret/);
  });

  it('are listed in the settings table, as optional', () => {
    for (const name of ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET']) expect(SETTINGS.find(([n]) => n === name)?.[1]).toBe('no');
  });
});
