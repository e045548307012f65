// Types for the `glicko2` package (mmai/glicko2js), which ships none: only what records use.
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number; volatility_algorithm?: 'newprocedure' | 'oldprocedure' | 'newprocedure_mod' | 'oldprocedure_simple' });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
  }
}
