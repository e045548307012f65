export * from './contract.js';
export * from './notation.js';
export * from './result.js';
export * from './rng.js';
