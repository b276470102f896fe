/**
 * `npm run serve -- [path/to/client_portal.dat] [--port N] [--host 127.0.0.1]`: the browser host.
 * Opens the dat (or the demo dat), serves out/renderer and the service on 127.0.0.1 (default port
 * 4181; 0 picks a free port) and prints `AC Sound Browser: http://127.0.0.1:PORT/`.
 * Exit codes as the CLI: 1 usage, 2 invalid dat, 3 I/O error (e.g. port in use: EADDRINUSE).
 * Bundled by scripts/build-node.mjs into out/serve/serve.mjs.
 */
import { EXIT, exitCodeFor, oneLine } from '../cli/exitCodes';
import { DatIndexCache } from '../service/indexCache';
import { SoundService } from '../service/SoundService';
import { parseServeArgs, USAGE, type ServeArgs } from './args';
import { createHostServer } from './server';

async function main(): Promise<void> {
  let args: ServeArgs | 'help';
  try {
    args = parseServeArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`serve: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n\n${USAGE}`);
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
  try {
    const summary = await service.openDat(args.datPath);
    process.stdout.write(`Opened ${summary.demo ? 'the demo dat' : summary.path}: ${summary.waveCount} Waves, ${summary.soundTableCount} SoundTables (${summary.openMs} ms)\n`);
  } catch (e) {
    process.stderr.write(`serve: ${oneLine(e)}\n`);
    process.exitCode = exitCodeFor(e);
    return;
  }
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(args.host);
  const wildcard = args.host === '0.0.0.0' || args.host === '::';
  const server = createHostServer({
    service,
    // each browser tab gets its own service (session), opened on the same initial dat
    createService: () => new SoundService({ indexCache }),
    rendererDir: args.rendererDir,
    initialPath: args.datPath,
    allowedHostnames: wildcard ? null : loopback ? undefined : ['127.0.0.1', 'localhost', '[::1]', args.host.toLowerCase()],
  });
  server.on('error', (e) => {
    process.stderr.write(`serve: ${oneLine(e)}\n`);
    process.exitCode = EXIT.io;
    void service.close();
  });
  server.listen(args.port, args.host, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : args.port;
    const shown = args.host.includes(':') ? `[${args.host}]` : args.host;
    if (!loopback) process.stderr.write(`serve: warning: bound to ${args.host}; the service is reachable from other machines\n`);
    if (!args.rendererDir) process.stderr.write('serve: warning: out/renderer not found; run `npm run build` (the API still works)\n');
    process.stdout.write(`AC Sound Browser: http://${shown}:${port}/\n`);
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
