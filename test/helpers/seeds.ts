// Fixed game seeds for tests: every game a test starts, through Discord or the services, gets the
// next seed of a sequence the test names, so a failure replays exactly.
export function fixedSeeds(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${n++}`;
}
