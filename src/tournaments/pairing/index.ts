// The pure core of tournaments: Swiss and round-robin pairings, standings and tie-breaks. No
// database, no Discord, no clock, no randomness: the same games always give the same answer.
export { bergerRound, bergerRounds, bergerTable } from './roundRobin.js';
export { standings, TIE_BREAKS, type Standing, type TieBreak } from './standings.js';
export { defaultSwissRounds, pairSwissRound } from './swiss.js';
export type { Game, GameResult, Pairing, Player, TournamentFormat } from './types.js';
