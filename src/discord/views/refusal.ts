// A refusal of the engine or a service (a GameError) in the reader's language: its phrase when it
// has one (a game's key in the game's catalog, a service's "services:…" key in its own), else the
// English it was given with.
// One home with the web's and the commands' (services/phrases.ts `sayRefusal`).
export { sayRefusal as refusal } from '../../services/phrases.js';
