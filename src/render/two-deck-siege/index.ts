// The Two Deck Siege board renderer.
export { promptText, renderTwoDeckSiegeBoard } from './board.js';
