// A per-key count of actions in a sliding minute, in memory: moves per session and per address
// (README, "Playing your Discord games in the browser"). Bounded: the keys of the longest-idle go
// first when there are too many, which only ever lets someone act again sooner.
export function createWindowLimiter(opts: { max: number; windowMs: number; keys?: number }) {
  const seen = new Map<string, number[]>();
  const maxKeys = opts.keys ?? 10_000;
  return {
    /** Counts one action of `key`; false when it would be one too many in the window (then it is not counted). */
    take(key: string, now = Date.now()): boolean {
      const recent = (seen.get(key) ?? []).filter((t) => t > now - opts.windowMs);
      seen.delete(key);
      if (recent.length >= opts.max) {
        seen.set(key, recent);
        return false;
      }
      recent.push(now);
      seen.set(key, recent);
      while (seen.size > maxKeys) seen.delete(seen.keys().next().value!);
      return true;
    },
  };
}
