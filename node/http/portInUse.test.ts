/** The built browser host on a taken port says so in one line (issue #10 defect 10). */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPackageRoot } from '../paths';

const root = findPackageRoot()!;
let blocker: Server;
let port = 0;

beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  port = (blocker.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => blocker.close(() => r())));

describe('serve on a taken port', () => {
  it('prints "port N is in use; try --port N" (no raw EADDRINUSE) and exits 3', () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'out/serve/serve.mjs'), join(root, 'assets/demo_portal.dat'), '--port', String(port)],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.stderr).toBe(`serve: port ${port} is in use; try --port N\n`);
    expect(r.status).toBe(3);
    // nothing said about a dat the host will not serve (QA #12: "Opened the demo dat…" came first)
    expect(r.stdout).toBe('');
  });
});

describe('serve usage errors, in the words of acsound', () => {
  it('an unknown option: "serve: unknown option --bogus", the usage line and where the details are; exit 1', () => {
    const r = spawnSync(process.execPath, [join(root, 'out/serve/serve.mjs'), '--bogus'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([
      'serve: unknown option --bogus',
      expect.stringMatching(/^Usage: npm run serve -- \[path\/to\/client_portal\.dat\] \[--port N\]/),
      'Run "npm run serve -- --help" for details.',
      '',
    ]);
  });
});
