import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findPackageRoot } from '../paths';

/** Default TCP port of the browser host. */
export const DEFAULT_PORT = 4181;

/** Usage text of the browser host. */
export const USAGE = `Usage: npm run serve -- [path/to/client_portal.dat] [--port N] [--host 127.0.0.1] [--renderer DIR]
  Serves the app and the sound service to a browser on this machine. Without a path the demo dat opens.
  --port N      TCP port (default ${DEFAULT_PORT}; 0 = any free port)
  --host H      address to bind (default 127.0.0.1; anything else exposes the service to your network)
  --renderer D  folder of the built renderer (default out/renderer)
`;

/** Parsed command line of the browser host. */
export interface ServeArgs {
  datPath: string | null;
  port: number;
  host: string;
  rendererDir: string | null;
}

/** Parses the host's arguments. @throws Error with a usage message (exit 1) */
export function parseServeArgs(argv: readonly string[], cwd = process.cwd()): ServeArgs | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { port: { type: 'string' }, host: { type: 'string' }, renderer: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) return 'help';
  if (positionals.length > 1) throw new Error(`unexpected argument "${positionals[1]}"`);
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: "${values.port}" is not a port number 0–65535`);
  const root = findPackageRoot();
  const rendererDir = values.renderer ? resolve(cwd, values.renderer) : root ? join(root, 'out', 'renderer') : null;
  return {
    datPath: positionals[0] ? resolve(cwd, positionals[0]) : null,
    port,
    host: values.host ?? '127.0.0.1',
    rendererDir: rendererDir && existsSync(rendererDir) ? rendererDir : null,
  };
}
