// The gateway side: JSON over `ws`, no compression (discord.js only asks for zlib-stream when the
// optional zlib-sync package is installed; a `compress` query parameter is ignored here since
// @discordjs/ws parses text frames either way).
//
// Connection: client opens `<url from GET /gateway/bot>?v=10&encoding=json`, we send op 10 HELLO,
// the client sends op 2 IDENTIFY (or op 6 RESUME with the session id and last seq it saw, to the
// resume_gateway_url from READY). Every dispatch (op 0) carries a per-session sequence number and is
// kept in a replay buffer, so a resumed session receives what it missed, then RESUMED.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { shardOf } from './snowflake.js';
import type { Store } from './store.js';
import type { JsonObject } from './types.js';
import { isObject } from './formErrors.js';

export const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;

const Op = { Dispatch: 0, Heartbeat: 1, Identify: 2, PresenceUpdate: 3, VoiceStateUpdate: 4, Resume: 6, Reconnect: 7, RequestGuildMembers: 8, InvalidSession: 9, Hello: 10, HeartbeatAck: 11 } as const;

const REPLAY_BUFFER = 1000;

export interface GatewaySession {
  readonly id: string;
  readonly shardId: number;
  readonly shardCount: number;
  readonly intents: number;
  readonly token: string;
  seq: number;
  /** Whether a socket is attached right now. */
  readonly connected: boolean;
  resumable: boolean;
  readonly identifiedAt: number;
  resumeCount: number;
}

class Session implements GatewaySession {
  seq = 0;
  readonly buffer: { s: number; payload: string }[] = [];
  socket: WebSocket | null = null;
  resumable = true;
  resumeCount = 0;
  readonly identifiedAt = Date.now();

  constructor(
    readonly id: string,
    readonly shardId: number,
    readonly shardCount: number,
    readonly intents: number,
    readonly token: string,
  ) {}

  get connected(): boolean {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Guild events go to the shard Discord computes from the guild id; DMs go to shard 0. */
  serves(guildId: string | null): boolean {
    return guildId === null ? this.shardId === 0 : shardOf(guildId, this.shardCount) === this.shardId;
  }

  push(t: string, d: unknown): void {
    this.seq += 1;
    const payload = JSON.stringify({ op: Op.Dispatch, t, s: this.seq, d });
    this.buffer.push({ s: this.seq, payload });
    if (this.buffer.length > REPLAY_BUFFER) this.buffer.shift();
    if (this.connected) this.socket!.send(payload);
  }
}

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  gatewayUrl: () => string;
  /** Called with every token presented in IDENTIFY/RESUME; return false to reject it (close 4004). */
  acceptToken: (token: string) => boolean;
  onViolation: (kind: string, message: string, details?: unknown) => void;
}

type Payload = JsonObject | ((session: GatewaySession) => JsonObject | null);

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessionsById = new Map<string, Session>();
  private readonly sockets = new Set<WebSocket>();
  private readonly readyListeners = new Set<(session: GatewaySession) => void>();
  /** IDENTIFYs accepted so far (GET /gateway/bot counts session_start_limit.remaining down). */
  identifyCount = 0;

  constructor(private readonly store: Store, private readonly options: GatewayOptions) {}

  get sessions(): GatewaySession[] {
    return [...this.sessionsById.values()];
  }

  /** Resolves each time a session finishes IDENTIFY (READY sent) or RESUME (RESUMED sent). */
  onSessionReady(listener: (session: GatewaySession) => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/gateway' && url.pathname !== '/gateway/') {
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, url));
  }

  /**
   * Sends a dispatch to every session serving `guildId` (null = DMs, shard 0). Sessions without a
   * socket buffer it for RESUME. `intent` null: no intent needed (interactions). Returns the
   * sessions whose socket was open at that moment.
   */
  dispatch(guildId: string | null, t: string, d: Payload, intent: number | null = Intent.Guilds): GatewaySession[] {
    const delivered: GatewaySession[] = [];
    for (const session of this.sessionsById.values()) {
      if (!session.resumable || !session.serves(guildId)) continue;
      if (intent !== null && (session.intents & intent) === 0) continue;
      const data = typeof d === 'function' ? d(session) : d;
      if (data === null) continue;
      session.push(t, data);
      if (session.connected) delivered.push(session);
    }
    return delivered;
  }

  /**
   * Closes every gateway socket. With `resumable` (default) the sessions survive and the client
   * RESUMEs; otherwise they are invalidated and the client must IDENTIFY again.
   */
  drop(opts: { code?: number; resumable?: boolean; viaReconnectOpcode?: boolean } = {}): void {
    for (const session of this.sessionsById.values()) {
      if (opts.resumable === false) session.resumable = false;
      const socket = session.socket;
      if (!socket) continue;
      if (opts.viaReconnectOpcode) socket.send(JSON.stringify({ op: Op.Reconnect, d: null, s: null, t: null }));
      else socket.close(opts.code ?? 4000, 'Dropped by the test');
    }
    if (opts.resumable === false) {
      for (const [id, session] of this.sessionsById) if (!session.resumable) this.sessionsById.delete(id);
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket, url: URL): void {
    this.sockets.add(ws);
    let session: Session | null = null;
    ws.on('close', () => {
      this.sockets.delete(ws);
      if (session && session.socket === ws) session.socket = null;
    });
    ws.on('error', () => undefined);
    const version = url.searchParams.get('v');
    const encoding = url.searchParams.get('encoding') ?? 'json';
    if (version !== '10') {
      this.options.onViolation('gateway-version', `gateway connected with v=${String(version)}; the bot must use v10`);
      ws.close(4012, 'Invalid API version');
      return;
    }
    if (encoding !== 'json') {
      ws.close(4002, 'Error while decoding payload.');
      return;
    }
    this.send(ws, { op: Op.Hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs, _trace: ['fake-gateway'] } });

    ws.on('message', (raw, isBinary) => {
      let message: unknown;
      try {
        message = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString());
      } catch {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      if (!isObject(message) || typeof message.op !== 'number') {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      const d = message.d;
      switch (message.op) {
        case Op.Heartbeat:
          this.send(ws, { op: Op.HeartbeatAck, d: null });
          return;
        case Op.Identify:
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          session = this.identify(ws, d);
          return;
        case Op.Resume:
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          session = this.resume(ws, d);
          return;
        case Op.PresenceUpdate:
        case Op.VoiceStateUpdate:
          if (!session) ws.close(4003, 'Not authenticated.');
          return;
        case Op.RequestGuildMembers:
          if (!session) ws.close(4003, 'Not authenticated.');
          else this.requestGuildMembers(session, d);
          return;
        default:
          ws.close(4001, 'Unknown opcode.');
      }
    });
  }

  private identify(ws: WebSocket, d: unknown): Session | null {
    if (!isObject(d) || typeof d.token !== 'string') {
      ws.close(4002, 'Error while decoding payload.');
      return null;
    }
    if (!this.options.acceptToken(d.token)) {
      ws.close(4004, 'Authentication failed.');
      return null;
    }
    if (typeof d.intents !== 'number') {
      ws.close(4013, 'Invalid intent(s).');
      return null;
    }
    const shard = Array.isArray(d.shard) ? d.shard : [0, 1];
    const [shardId, shardCount] = [Number(shard[0]), Number(shard[1])];
    if (!Number.isInteger(shardId) || !Number.isInteger(shardCount) || shardCount < 1 || shardId < 0 || shardId >= shardCount) {
      ws.close(4010, 'Invalid shard.');
      return null;
    }
    const session = new Session(randomBytes(16).toString('hex'), shardId, shardCount, d.intents, d.token);
    this.identifyCount += 1;
    session.socket = ws;
    this.sessionsById.set(session.id, session);
    const guilds = [...this.store.guilds.values()].filter((g) => session.serves(g.id));
    const bot = this.store.botUser;
    session.push('READY', {
      v: 10,
      user_settings: {},
      user: { ...this.store.apiUser(bot), bot: true, verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.options.gatewayUrl(),
      shard: [shardId, shardCount],
      application: { id: this.store.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      auth: {},
      _trace: ['fake-gateway'],
    });
    const withMembers = (session.intents & Intent.GuildMembers) !== 0;
    for (const guild of guilds) session.push('GUILD_CREATE', this.store.apiGuildCreate(guild, withMembers));
    for (const listener of this.readyListeners) listener(session);
    return session;
  }

  private resume(ws: WebSocket, d: unknown): Session | null {
    const sessionId = isObject(d) ? d.session_id : undefined;
    const seq = isObject(d) && typeof d.seq === 'number' ? d.seq : 0;
    const token = isObject(d) && typeof d.token === 'string' ? d.token : '';
    const session = typeof sessionId === 'string' ? this.sessionsById.get(sessionId) : undefined;
    if (!this.options.acceptToken(token)) {
      ws.close(4004, 'Authentication failed.');
      return null;
    }
    if (!session || !session.resumable || seq > session.seq) {
      // Discord answers op 9 with d=false; the client then identifies from scratch.
      setTimeout(() => this.send(ws, { op: Op.InvalidSession, d: false }), 50).unref();
      return null;
    }
    const oldest = session.buffer[0]?.s ?? session.seq + 1;
    if (seq + 1 < oldest) {
      setTimeout(() => this.send(ws, { op: Op.InvalidSession, d: false }), 50).unref();
      return null;
    }
    if (session.socket && session.socket !== ws) session.socket.close(4009, 'Session superseded');
    session.socket = ws;
    session.resumeCount += 1;
    for (const entry of session.buffer) if (entry.s > seq) ws.send(entry.payload);
    session.push('RESUMED', { _trace: ['fake-gateway'] });
    for (const listener of this.readyListeners) listener(session);
    return session;
  }

  private requestGuildMembers(session: Session, d: unknown): void {
    if (!isObject(d) || typeof d.guild_id !== 'string') return;
    const members = this.store.members.get(d.guild_id);
    if (!members) return;
    const wanted = Array.isArray(d.user_ids) ? d.user_ids.map(String) : typeof d.user_ids === 'string' ? [d.user_ids] : null;
    if (!wanted && (session.intents & Intent.GuildMembers) === 0) {
      session.socket?.close(4013, 'Invalid intent(s).');
      return;
    }
    const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
    const found = [...members.values()].filter((m) => {
      if (wanted) return wanted.includes(m.userId);
      return (this.store.users.get(m.userId)?.username ?? '').toLowerCase().startsWith(query);
    });
    session.push('GUILD_MEMBERS_CHUNK', {
      guild_id: d.guild_id,
      members: found.map((m) => this.store.apiMember(m)),
      chunk_index: 0,
      chunk_count: 1,
      not_found: wanted ? wanted.filter((id) => !members.has(id)) : [],
      nonce: d.nonce,
    });
  }

  private send(ws: WebSocket, payload: JsonObject): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ s: null, t: null, ...payload }));
  }
}
