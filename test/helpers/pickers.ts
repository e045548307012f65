// Deterministic choosers for playing through menus and buttons (no test runner imports: the
// seed-finding scripts use them too).

/** Picks one of the labels offered at a step (the index); `step` counts steps within one move. */
export type Picker = (labels: string[], step: number) => number;

/** A deterministic picker that prefers labels matching `prefer` (in order), else a seeded choice. */
export function preferring(prefer: RegExp[], seed = 1): Picker {
  let s = seed >>> 0;
  return (labels) => {
    for (const re of prefer) {
      const at = labels.findIndex((l) => re.test(l));
      if (at >= 0) return at;
    }
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % labels.length;
  };
}
