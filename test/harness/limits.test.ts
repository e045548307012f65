import { describe, expect, it } from 'vitest';
import { FormErrors, errorTree } from './formErrors.js';
import { validateAutocompleteChoices, validateCommands, validateModal } from './interactionLimits.js';
import { validateMessageBody } from './limits.js';
import { multipartBoundary, parseMultipart } from './multipart.js';
import { SnowflakeFactory, shardOf } from './snowflake.js';

function check(body: Record<string, unknown>, files = 0) {
  const errors = new FormErrors();
  validateMessageBody(body, [], files, errors);
  return errors.list.map((e) => `${e.path.join('.')} ${e.code}`);
}

const row = (...components: Record<string, unknown>[]) => ({ type: 1, components });
const btn = (custom_id: string, extra: Record<string, unknown> = {}) => ({ type: 2, style: 1, label: 'x', custom_id, ...extra });

describe('message limits', () => {
  it('given content of 2000 characters (emoji count once) then it passes; 2001 fails', () => {
    expect(check({ content: '♞'.repeat(2000) })).toEqual([]);
    expect(check({ content: '😀'.repeat(2000) })).toEqual([]);
    expect(check({ content: 'a'.repeat(2001) })).toEqual(['content BASE_TYPE_MAX_LENGTH']);
  });

  it('given embeds then each field limit and the 6000 total apply', () => {
    const field = { name: 'n'.repeat(256), value: 'v'.repeat(1024) };
    expect(check({ embeds: [{ title: 't'.repeat(257), fields: Array(26).fill({ name: 'a', value: 'b' }) }] }))
      .toEqual(['embeds.0.title BASE_TYPE_MAX_LENGTH', 'embeds.0.fields BASE_TYPE_MAX_LENGTH']);
    expect(check({ embeds: [{ fields: Array(5).fill(field) }] })).toEqual(['embeds MAX_EMBED_SIZE_EXCEEDED']);
    expect(check({ embeds: [{ footer: { text: 'f'.repeat(2049) }, author: { name: 'a'.repeat(257) }, description: 'd'.repeat(4097) }] }))
      .toEqual(['embeds.0.description BASE_TYPE_MAX_LENGTH', 'embeds.0.footer.text BASE_TYPE_BAD_LENGTH', 'embeds.0.author.name BASE_TYPE_BAD_LENGTH', 'embeds MAX_EMBED_SIZE_EXCEEDED']);
    expect(check({ embeds: Array(11).fill({ title: 'x' }) })).toEqual(['embeds BASE_TYPE_MAX_LENGTH']);
    expect(check({ embeds: [{ fields: [{ name: '', value: 'x' }] }] })).toEqual(['embeds.0.fields.0.name BASE_TYPE_REQUIRED']);
  });

  it('given components then width, uniqueness and button rules apply', () => {
    expect(check({ components: [row(btn('a'), btn('b'), btn('c'), btn('d'), btn('e'), btn('f'))] }))
      .toEqual(['components.0.components BASE_TYPE_BAD_LENGTH', 'components.0.components.5 COMPONENT_LAYOUT_WIDTH_EXCEEDED']);
    const select = { type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] };
    expect(check({ components: [row(select, btn('b'))] })).toEqual(['components.0.components.1 COMPONENT_LAYOUT_WIDTH_EXCEEDED']);
    expect(check({ components: [row(btn('same')), row(btn('same', { disabled: true }))] }))
      .toEqual(['components.1.components.0.custom_id COMPONENT_CUSTOM_ID_DUPLICATED']);
    expect(check({ components: [row({ type: 2, style: 5, label: 'Rules', custom_id: 'x' })] }))
      .toEqual(['components.0.components.0.url BASE_TYPE_REQUIRED', 'components.0.components.0.custom_id BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED']);
    expect(check({ components: [row(btn('a', { label: 'l'.repeat(81) }))] })).toEqual(['components.0.components.0.label BASE_TYPE_MAX_LENGTH']);
    expect(check({ components: [row(btn(''))] })).toEqual(['components.0.components.0.custom_id BASE_TYPE_REQUIRED']);
    expect(check({ components: [row({ type: 2, style: 1, label: 'x' })] })).toEqual(['components.0.components.0.custom_id BASE_TYPE_REQUIRED']);
  });

  it('given a select menu then option and placeholder limits apply', () => {
    const options = [{ label: 'l'.repeat(101), value: 'a', description: 'd'.repeat(101) }, { label: 'b', value: 'a' }];
    expect(check({ components: [row({ type: 3, custom_id: 's', placeholder: 'p'.repeat(151), options, max_values: 3 })] })).toEqual([
      'components.0.components.0.placeholder BASE_TYPE_MAX_LENGTH',
      'components.0.components.0.options.0.label BASE_TYPE_BAD_LENGTH',
      'components.0.components.0.options.0.description BASE_TYPE_MAX_LENGTH',
      'components.0.components.0.options.1 SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
      'components.0.components.0.max_values SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS',
    ]);
  });

  it('given components v2 then legacy content is refused and 40 components are the cap', () => {
    const text = { type: 10, content: 'hello' };
    expect(check({ flags: 1 << 15, content: 'x', components: [text] })).toEqual(['content MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2']);
    expect(check({ flags: 1 << 15, components: [{ type: 17, components: Array(40).fill(text) }] })).toEqual(['components COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED']);
  });

  it('given more than 10 files then the files are refused', () => {
    expect(check({ content: 'x' }, 11)).toEqual(['files BASE_TYPE_MAX_LENGTH']);
  });

  it('given allowed_mentions then parse takes only users, roles and everyone, each exclusive of its id list', () => {
    expect(check({ content: 'x', allowed_mentions: { parse: ['users', 'roles', 'everyone'], replied_user: true } })).toEqual([]);
    expect(check({ content: 'x', allowed_mentions: { parse: ['here', 'users'] } })).toEqual(['allowed_mentions.parse.0 BASE_TYPE_CHOICES']);
    expect(check({ content: 'x', allowed_mentions: { parse: ['roles'], roles: ['1'] } })).toEqual(['allowed_mentions.parse MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE']);
  });

  it('builds Discord\'s nested error object', () => {
    expect(errorTree([{ path: ['data', 'components', 0, 'custom_id'], code: 'C', message: 'm' }])).toEqual({
      data: { components: { 0: { custom_id: { _errors: [{ code: 'C', message: 'm' }] } } } },
    });
  });
});

describe('autocomplete, modal and command limits', () => {
  it('given autocomplete choices then count, name and value rules apply', () => {
    const errors = new FormErrors();
    const choices = [{ name: '', value: 'a' }, { name: 'x', value: 'v'.repeat(101) }, ...Array(24).fill({ name: 'n', value: 'v' })];
    validateAutocompleteChoices({ choices }, 3, ['data'], errors);
    expect(errors.list.map((e) => e.path.join('.'))).toEqual(['data.choices', 'data.choices.0.name', 'data.choices.1.value']);
    const typed = new FormErrors();
    validateAutocompleteChoices({ choices: [{ name: 'one', value: 1 }] }, 3, ['data'], typed);
    expect(typed.list.map((e) => e.code)).toEqual(['BASE_TYPE_STRING']);
  });

  it('given a modal then title, rows and text inputs are checked', () => {
    const errors = new FormErrors();
    validateModal({ custom_id: 'm', title: 't'.repeat(46), components: [row({ type: 4, custom_id: 'a', style: 3, label: 'A' })] }, ['data'], errors);
    expect(errors.list.map((e) => `${e.path.join('.')} ${e.code}`)).toEqual(['data.title BASE_TYPE_BAD_LENGTH', 'data.components.0.components.0.style BASE_TYPE_CHOICES']);
  });

  it('given command definitions then names, descriptions and option order are checked', () => {
    const errors = new FormErrors();
    validateCommands([
      { name: 'Siege', description: 'x' },
      { name: 'ok', description: '', options: [{ type: 3, name: 'a', description: 'a' }, { type: 3, name: 'b', description: 'b', required: true }] },
      { name: 'mix', description: 'm', options: [{ type: 1, name: 's', description: 's' }, { type: 3, name: 'o', description: 'o' }] },
    ], errors);
    expect(errors.list.map((e) => `${e.path.join('.')} ${e.code}`)).toEqual([
      '0.name APPLICATION_COMMAND_INVALID_NAME',
      '1.description BASE_TYPE_REQUIRED',
      '1.options.1.required APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
      '2.options APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    ]);
  });
});

describe('multipart and snowflakes', () => {
  it('parses what undici FormData produces', async () => {
    const form = new FormData();
    form.append('files[0]', new Blob([Buffer.from([0, 1, 2, 255])], { type: 'image/png' }), 'board "1".png');
    form.append('payload_json', JSON.stringify({ content: 'héllo' }));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const parts = parseMultipart(body, multipartBoundary(request.headers.get('content-type')!)!);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['files[0]', 'board "1".png', 'image/png'],
      ['payload_json', null, null],
    ]);
    expect([...parts[0]!.data]).toEqual([0, 1, 2, 255]);
    expect(JSON.parse(parts[1]!.data.toString('utf8'))).toEqual({ content: 'héllo' });
  });

  it('picks guild ids for a given shard', () => {
    const ids = new SnowflakeFactory();
    for (const shard of [0, 1, 2, 1, 0]) expect(shardOf(ids.nextForShard(shard, 3), 3)).toBe(shard);
    const a = ids.next();
    expect(BigInt(ids.next()) > BigInt(a)).toBe(true);
  });
});
