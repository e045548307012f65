// A small structured logger: one line per event, errors with their stack.
export type Logger = {
  debug(msg: string, extra?: object): void;
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
};

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;

export function createLogger(level: keyof typeof LEVELS = 'info', sink: (line: string) => void = (l) => console.log(l)): Logger {
  const min = LEVELS[level];
  const write = (lvl: keyof typeof LEVELS) => (msg: string, extra?: object) => {
    if (LEVELS[lvl] < min) return;
    let tail = '';
    if (extra) {
      const { err, ...rest } = extra as { err?: unknown };
      if (Object.keys(rest).length) tail += ' ' + JSON.stringify(rest);
      if (err) tail += '\n' + (err instanceof Error ? err.stack ?? err.message : String(err));
    }
    sink(`${new Date().toISOString()} ${lvl.toUpperCase()} ${msg}${tail}`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
