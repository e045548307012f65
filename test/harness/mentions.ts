// Who a message pings, by Discord's allowed_mentions rules. Without allowed_mentions everything in
// the content pings: each <@user>, each <@&role>, @everyone and @here, and a reply pings the author
// of the message it answers. With it, only what it allows: `parse` lets a whole kind through
// ("users", "roles", "everyone", the last covering @here too), `users` and `roles` list ids
// (they still ping only when the content mentions them), and `replied_user` (false unless set)
// lets a reply ping the replied author.
//
// Discord also lets @everyone, @here and a role that is not "mentionable" through only when the
// sender has the Mention Everyone permission. The fake assumes the sender has it, as a bot with
// Administrator would: a test then sees every ping the message could cause on some server.

import { isObject } from './limits.js';
import type { FakeMember, FakeMessage } from './types.js';

export interface Pings {
  /** Users pinged by name, the replied author included: Discord's `mentions`. */
  userIds: string[];
  /** Roles pinged: Discord's `mention_roles`. */
  roleIds: string[];
  /** @everyone pinged. */
  everyone: boolean;
  /** @here pinged. */
  here: boolean;
}

export const NO_PINGS: Pings = { userIds: [], roleIds: [], everyone: false, here: false };

export interface PingContext {
  content: string;
  allowedMentions: unknown;
  authorId: string;
  /** The author of the message this one replies to, if it is a reply. */
  repliedAuthorId: string | null;
  isUser(id: string): boolean;
  /** Roles of the message's guild that a <@&id> can name (not @everyone's); null in a DM. */
  guildRoleIds: ReadonlySet<string> | null;
}

const unique = (ids: string[]) => [...new Set(ids)];

export function resolvePings(ctx: PingContext): Pings {
  const allowed = isObject(ctx.allowedMentions) ? ctx.allowedMentions : null;
  const parse = allowed ? (Array.isArray(allowed.parse) ? allowed.parse : []) : ['users', 'roles', 'everyone'];
  const listed = (kind: 'users' | 'roles') => (allowed && Array.isArray(allowed[kind]) ? allowed[kind].map(String) : []);
  const lets = (kind: 'users' | 'roles', id: string) => parse.includes(kind) || listed(kind).includes(id);

  const named = unique([...ctx.content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!)).filter((id) => ctx.isUser(id));
  const userIds = named.filter((id) => lets('users', id));
  const replyPings = allowed ? allowed.replied_user === true : true;
  const replied = ctx.repliedAuthorId;
  if (replyPings && replied !== null && replied !== ctx.authorId && !userIds.includes(replied)) userIds.push(replied);

  const roles = ctx.guildRoleIds;
  const roleIds = roles ? unique([...ctx.content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!)).filter((id) => roles.has(id) && lets('roles', id)) : [];

  // @everyone and @here mean nothing in a DM.
  const mass = roles !== null && parse.includes('everyone');
  return { userIds, roleIds, everyone: mass && ctx.content.includes('@everyone'), here: mass && ctx.content.includes('@here') };
}

/** The message's fields that record what it pings. */
export function pingFields(p: Pings): Pick<FakeMessage, 'mentionedUserIds' | 'mentionedRoleIds' | 'mentionedEveryone' | 'mentionedHere'> {
  return { mentionedUserIds: p.userIds, mentionedRoleIds: p.roleIds, mentionedEveryone: p.everyone, mentionedHere: p.here };
}

/**
 * Everyone a message notifies: the users it pings by name, the members of the roles it pings, and
 * for @everyone or @here every member who can see the channel (the fake has no presence: @here
 * reaches them all), its author left out. Sorted, for comparisons.
 */
export function notifiedUserIds(message: FakeMessage, members: readonly FakeMember[], canSee: (userId: string) => boolean): string[] {
  const mass = message.mentionedEveryone || message.mentionedHere;
  const ids = new Set(message.mentionedUserIds);
  for (const member of members) {
    const byRole = member.roles.some((r) => message.mentionedRoleIds.includes(r));
    if (byRole || (mass && canSee(member.userId))) ids.add(member.userId);
  }
  ids.delete(message.authorId);
  return [...ids].sort();
}
