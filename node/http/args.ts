import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseArgsProblem } from '../cli/args';
import { findPackageRoot } from '../paths';

/** Default TCP port of the browser host. */
export const DEFAULT_PORT = 4181;

/** Usage text of the browser host. */
export const USAGE = `Usage: npm run serve -- [path/to/client_portal.dat] [--port N] [--host 127.0.0.1] [--token T|auto] [--renderer DIR]
  Serves the app and the sound service to a browser on this machine. Without a path the demo dat opens.
  --port N      TCP port (default ${DEFAULT_PORT}; 0 = any free port)
  --host H      address to bind (default 127.0.0.1; anything else exposes the service to your network
                and needs --token)
  --token T     access token (at least 16 characters; "auto" makes a random one) every API call must
                carry; printed in the start URL (#token=…). Required with a --host other than loopback
  --renderer D  folder of the built renderer (default out/renderer)
`;

/**
 * What a usage error prints, as acsound's do (node/cli/usage.ts): the problem, the usage line,
 * and where the details are: `serve: unknown option --bogus` / `Usage: npm run serve -- …` /
 * `Run "npm run serve -- --help" for details.`
 */
export function usageErrorText(problem: string): string {
  return `serve: ${problem}\n${USAGE.split('\n')[0]}\nRun "npm run serve -- --help" for details.\n`;
}

/** Parsed command line of the browser host. */
export interface ServeArgs {
  datPath: string | null;
  port: number;
  host: string;
  rendererDir: string | null;
  /** The access token (--token; "auto" made into a random one), or null on loopback without one. */
  token: string | null;
}

/** Host names that are loopback: the host needs no token there. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

/** Shortest accepted --token. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * Parses the host's arguments.
 * @throws Error with a usage message (exit 1), also for a `--host` other than loopback without
 *   `--token` (the host refuses to start) and a token shorter than {@link MIN_TOKEN_LENGTH}
 */
export function parseServeArgs(argv: readonly string[], cwd = process.cwd()): ServeArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string' },
        renderer: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    // in acsound's words (`unknown option --bogus`, `--port needs a value`), not Node's raw text
    throw new Error(parseArgsProblem(e));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length > 1) throw new Error(`unexpected argument "${positionals[1]}"`);
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: "${values.port}" is not a port number 0–65535`);
  const root = findPackageRoot();
  const rendererDir = values.renderer ? resolve(cwd, values.renderer) : root ? join(root, 'out', 'renderer') : null;
  const host = values.host ?? '127.0.0.1';
  let token = values.token ?? null;
  if (token === 'auto') token = randomBytes(24).toString('base64url');
  if (token !== null && (token.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new Error(`--token: must be at least ${MIN_TOKEN_LENGTH} printable characters without spaces (or "auto")`);
  }
  if (token === null && !LOOPBACK_HOSTS.includes(host.toLowerCase())) {
    throw new Error(
      `--host ${host} exposes the service beyond this machine: give --token T (at least ${MIN_TOKEN_LENGTH} characters) or --token auto`,
    );
  }
  return {
    datPath: positionals[0] ? resolve(cwd, positionals[0]) : null,
    port,
    token,
    host,
    rendererDir: rendererDir && existsSync(rendererDir) ? rendererDir : null,
  };
}
