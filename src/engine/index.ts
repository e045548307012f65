export * from './contract.js';
export * from './result.js';
export * from './rng.js';
