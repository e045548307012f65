// What keeps other sites out of the web front (README, "On the web"):
//   - The Host a request names must be one of ours: local play answers for 127.0.0.1, localhost
//     and [::1] at its own port only; the public site for PUBLIC_URL's host, loopback, and the
//     address the connection came in on. Without this a name of someone else's that resolves to
//     this machine (DNS rebinding) would make our pages, and local play's form key, theirs to read.
//   - A request that changes something (a post) must come from our own pages: a browser says where
//     it came from in Sec-Fetch-Site and Origin, and another site's is refused. A client that says
//     neither (curl, a script) is no browser, and no page elsewhere can act through it.
//   - Local play's pages, boards and streams are for this machine's own pages: another site's
//     image or script request is refused (it could tell which games exist, and make the bot draw),
//     and every answer carries Cross-Origin-Resource-Policy. A link followed from elsewhere (a
//     top-level navigation) still opens the page: nothing of it reaches the other site.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import type { Speaker } from '../i18n/index.js';
import { refusal } from './common.js';

export type GuardOptions = {
  /** Local play: loopback names at this listener's port only. */
  local: boolean;
  /** The public site's address (PUBLIC_URL), whose host is ours too. */
  publicUrl: string | null;
  /**
   * ACTIVITY=on: the name Discord's proxy serves the Activity under (<client id>.discordsays.com),
   * ours too: its pages' requests name it as their Origin, and a proxy may pass it on as the Host.
   */
  activityHost?: string | null;
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A Host value (or an Origin's host) as its name (lower case, IPv6 in brackets) and port ('' for none or the default); null when it is none. */
export function parseHost(host: string | undefined): { name: string; port: string } | null {
  if (!host || host.length > 300 || /[\s@/\\?#]/.test(host)) return null;
  try {
    const url = new URL(`http://${host}`);
    return { name: url.hostname, port: url.port };
  } catch {
    return null;
  }
}

/** An address as a URL names it: "10.0.0.5", "[fd00::1]" ("::ffff:10.0.0.5" is IPv4). */
function addressName(address: string | undefined): string | null {
  if (!address) return null;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = v4 ?? address;
  const family = isIP(plain);
  if (!family) return null;
  return parseHost(family === 6 ? `[${plain}]` : plain)?.name ?? null;
}

export function createGuard(opts: GuardOptions) {
  const publicName = opts.publicUrl ? new URL(opts.publicUrl).hostname : null;

  /** Whether `host` (a Host header, an Origin's host) names this site, for a request that came in on `request`'s connection. */
  function ours(request: FastifyRequest, host: string | undefined): boolean {
    const parsed = parseHost(host);
    if (!parsed) return false;
    const socket = request.raw.socket;
    if (opts.local) {
      // Local play is reached by its loopback URL, at the port the browser connected to.
      const port = socket?.localPort;
      return LOOPBACK.has(parsed.name) && (port === undefined || parsed.port === String(port) || (parsed.port === '' && port === 80));
    }
    // Behind a reverse proxy the port is the proxy's: the name is what counts.
    return LOOPBACK.has(parsed.name) || parsed.name === publicName || (!!opts.activityHost && parsed.name === opts.activityHost) || parsed.name === addressName(socket?.localAddress);
  }

  /** An Origin header that names this site (an opaque "null" origin does not). */
  function ownOrigin(request: FastifyRequest, origin: string): boolean {
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && ours(request, url.host);
    } catch {
      return false;
    }
  }

  /** Why `request` is refused, or null when it may go on: the status and the reader's text. */
  function check(request: FastifyRequest): { status: number; text: (sp: Speaker) => string } | null {
    const host = request.host;
    if (!ours(request, host)) {
      const shown = String(host ?? '').slice(0, 100);
      const port = request.raw.socket?.localPort;
      return {
        status: 421,
        text: (sp) =>
          opts.local && port !== undefined
            ? sp.t('web:refusal.wrongHostLocal', { host: shown, url: `http://127.0.0.1:${port}/` })
            : sp.t('web:refusal.wrongHost', { host: shown }),
      };
    }
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite = { status: 403, text: (sp: Speaker) => sp.t('web:refusal.crossSite') };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // Same-site is another site too: another port of localhost, a sibling under PUBLIC_URL's domain.
      if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return crossSite;
      const origin = request.headers.origin;
      // "null" is an origin a browser will not name (a sandboxed frame, a strict referrer policy of
      // the reader's own): believed only when the browser vouches that the post is same-origin.
      if (origin === 'null') return fetchSite === 'same-origin' ? null : crossSite;
      if (origin !== undefined && !ownOrigin(request, origin)) return crossSite;
      return null;
    }
    if (opts.local && (fetchSite === 'cross-site' || fetchSite === 'same-site') && !topLevelNavigation(request)) return crossSite;
    return null;
  }

  return {
    check,
    /** What may embed this site's answers: local play's, its own pages only; the public site's, its own site (README, "On the web"). */
    resourcePolicy: opts.local ? 'same-origin' : 'same-site',
  };
}

/** A link followed, or an address typed, that opens a page in a tab (not a frame, an image or a script's fetch). */
function topLevelNavigation(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}

/**
 * Refuses, before anything else runs, every request the guard says is not ours, with a short
 * answer saying why; /healthz stays open to the host's probes, whatever name they use.
 */
export function registerGuard(app: FastifyInstance, opts: GuardOptions): void {
  const guard = createGuard(opts);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz') return;
    const refused = guard.check(request);
    if (refused) return refusal(request, reply, refused.status, refused.text);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cross-origin-resource-policy')) void reply.header('cross-origin-resource-policy', guard.resourcePolicy);
    return payload;
  });
}
