// The project's own numbers for the kingdom games (shared/games/kingdoms.md marks them "project
// value"), in one table so that they can be tuned without touching the rules.
export const VALUES = {
  /** Each resource track runs 0..9; what would go above is lost. */
  resourceMax: 9,
  towerMax: 6,
  magicMax: 5,
  /** Tower VP by level, index 0..6. */
  towerVp: [0, 1, 2, 3, 5, 7, 10] as readonly number[],
  magicVpPerLevel: 1,
  capitalVp: 2,
  meeples: 7,
  startMeeples: 2,
  startResources: 6,
  suggestedSplit: { food: 3, mana: 2, ore: 1 },
  /** A region holds at most this many meeples (or cubes) in all. */
  regionCapacity: 2,
  /** War: what a cube of each kind counts, and the most a side can commit. */
  warValue: { mana: 2, ore: 1 },
  warMax: 11,
  shieldsPerRound: 5,
} as const;
