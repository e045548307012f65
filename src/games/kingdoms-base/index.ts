// The kingdom base shared by kingdoms-siege and kingdoms-solo: a library, not a game.
export * from './actionCard.js';
export * from './actions.js';
export * from './factions.js';
export * from './kingdom.js';
export * from './movePhrase.js';
export * from './phrases.js';
export * from './refusals.js';
export * from './resources.js';
export * from './scoring.js';
export * from './territories.js';
export * from './values.js';
export * from './view.js';
export * from './war.js';
