// Secrets must never reach a log line or an error printed at start-up, whatever carries them: an
// error message that quotes a connection string, a URL in a field, a request's headers. So they
// are removed from the final text, after serialisation, where nothing can slip around the check.
export const REDACTED = '[REDACTED]';

// The password of any `scheme://user:password@` URL, even one no one declared as a secret (the
// embedded server's, a URL pasted into an error). Inside a JSON line a quote or backslash of the
// password is escaped, hence the `\\.` alternative.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@"]*:)((?:[^\s@/"\\]|\\.)+)@/gi;

export function redactUrlPasswords(text: string): string {
  return text.replace(URL_PASSWORD, `$1${REDACTED}@`);
}

/**
 * The values to hide from the logs of a bot with this configuration: the Discord token and the
 * database password as written in DATABASE_URL (percent-encoded) and as PostgreSQL receives it.
 */
export function secretsOf(config: { discordToken: string | null; databaseUrl: string | null }): string[] {
  const secrets = config.discordToken ? [config.discordToken] : [];
  if (config.databaseUrl) {
    try {
      const { password } = new URL(config.databaseUrl);
      if (password) secrets.push(password, safeDecode(password));
    } catch {
      // loadConfig only lets valid URLs through; the generic URL rule still covers the rest.
    }
  }
  return [...new Set(secrets.filter(Boolean))];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A function that removes every given secret, and every URL password, from a text. A secret is
 * also looked for in its JSON-escaped form, the way it appears inside a JSON log line.
 */
/** Secrets shorter than this are removed only where they stand as a URL's password. */
export const MIN_SECRET_LENGTH = 6;

export function createRedactor(secrets: readonly string[] = []): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    // A secret of a few characters would be cut out of every word that holds it, and a line
    // nobody can read protects nothing: inside a URL the generic rule still removes it.
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so that a secret containing another one is removed whole.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const known = alternatives.length ? new RegExp(alternatives.join('|'), 'g') : null;
  return (text) => {
    const out = redactUrlPasswords(text);
    return known ? out.replace(known, REDACTED) : out;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
