export * from './choices.js';
export * from './contract.js';
export * from './notation.js';
export { phrase, said, type Said } from './phrase.js';
export * from './result.js';
export * from './rng.js';
