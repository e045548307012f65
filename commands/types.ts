// One `/siege` subcommand: its definition and a thin handler (parse → call the master or the
// services → reply). The shape is the router's (src/discord/router.ts).
export type { Subcommand } from '../src/discord/router.js';
