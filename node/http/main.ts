/**
 * `npm run serve -- [path/to/client_portal.dat] [--port N] [--host 127.0.0.1]`: the browser host.
 * Opens the dat (or the demo dat), serves out/renderer and the service on 127.0.0.1 (default port
 * 4181; 0 picks a free port) and prints `AC Sound Browser: http://127.0.0.1:PORT/`.
 * Exit codes as the CLI: 1 usage, 2 invalid dat, 3 I/O error (a taken port: "port 4181 is in use;
 * try --port N").
 * Bundled by scripts/build-node.mjs into out/serve/serve.mjs.
 */
import { EXIT, exitCodeFor, oneLine } from '../cli/exitCodes';
import { DatIndexCache } from '../service/indexCache';
import { SoundService } from '../service/SoundService';
import { hostname, networkInterfaces } from 'node:os';
import { LOOPBACK_HOSTS, parseServeArgs, USAGE, usageErrorText, type ServeArgs } from './args';
import { createHostServer } from './server';

async function main(): Promise<void> {
  let args: ServeArgs | 'help';
  try {
    args = parseServeArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(usageErrorText(e instanceof Error ? e.message.split('\n')[0]! : String(e)));
    process.exitCode = EXIT.usage;
    return;
  }
  if (args === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  // one shared index: the default session and every browser tab on the same dat index it once
  const indexCache = new DatIndexCache();
  const service = new SoundService({ indexCache });
  // said once the port is bound: a host that cannot start says only why (a taken port)
  let opened: string;
  try {
    const summary = await service.openDat(args.datPath);
    opened = `Opened ${summary.demo ? 'the demo dat' : summary.path}: ${summary.waveCount} Waves, ${summary.soundTableCount} SoundTables (${summary.openMs} ms)\n`;
  } catch (e) {
    process.stderr.write(`serve: ${oneLine(e)}\n`);
    process.exitCode = exitCodeFor(e);
    return;
  }
  const loopback = LOOPBACK_HOSTS.includes(args.host.toLowerCase());
  const wildcard = args.host === '0.0.0.0' || args.host === '::';
  const server = createHostServer({
    service,
    // each browser tab gets its own service (session), opened on the same initial dat
    createService: () => new SoundService({ indexCache }),
    rendererDir: args.rendererDir,
    initialPath: args.datPath,
    // the Host and Origin checks stay on for every bind: a wildcard accepts this machine's names and addresses
    allowedHostnames: loopback
      ? undefined
      : ['127.0.0.1', 'localhost', '[::1]', ...(wildcard ? machineNames() : [bracketed(args.host)])],
    token: args.token,
    // the folder and file picker lists this machine's folders: only for a loopback-only host
    directoryPicker: loopback,
  });
  server.on('error', (e) => {
    // a taken port is the common case: say what to do, not the raw listen error
    const inUse = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
    process.stderr.write(inUse ? `serve: port ${args.port} is in use; try --port N\n` : `serve: ${oneLine(e)}\n`);
    process.exitCode = EXIT.io;
    void service.close();
  });
  server.listen(args.port, args.host, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : args.port;
    const shown = args.host.includes(':') ? `[${args.host}]` : args.host;
    process.stdout.write(opened);
    if (!loopback)
      process.stderr.write(`serve: warning: bound to ${args.host}; the service is reachable from other machines\n`);
    if (!args.rendererDir)
      process.stderr.write('serve: warning: out/renderer not found; run `npm run build` (the API still works)\n');
    process.stdout.write(
      `AC Sound Browser: http://${shown}:${port}/${args.token ? `#token=${encodeURIComponent(args.token)}` : ''}\n`,
    );
  });
  const stop = (): void => {
    void server
      .shutdown()
      .then(() => service.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();

/** `[::1]` for an IPv6 address (as it appears in Host and Origin headers), lower case. */
function bracketed(host: string): string {
  const h = host.toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/** This machine's host name and interface addresses: the names a wildcard bind is reached by. */
function machineNames(): string[] {
  const names = [hostname().toLowerCase()];
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.push(bracketed(a.address));
  return names;
}
