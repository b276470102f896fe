/**
 * A browser host of the test's own (out/serve/serve.mjs on the demo dat, on a port of its own),
 * for tests that stop the host: stopping the shared host of playwright.config.ts would break the
 * tests after them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_DAT } from './demoDat';

const SERVE = join(import.meta.dirname, '..', '..', 'out', 'serve', 'serve.mjs');

export class OwnHost {
  private constructor(
    private child: ChildProcess,
    /** Its TCP port: the same after {@link restart}, so the page's origin stays. */
    readonly port: number,
  ) {}

  /** Its page: `http://127.0.0.1:PORT/`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  /** Starts a host on `port` (0: a free one) and resolves once it listens. */
  static async start(port = 0): Promise<OwnHost> {
    const { child, port: bound } = await launch(port);
    return new OwnHost(child, bound);
  }

  /** Stops the host process (SIGTERM, as Ctrl+C) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }

  /** Starts the host again on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    this.child = (await launch(this.port)).child;
  }
}

function launch(port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [SERVE, DEMO_DAT, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the host did not start in 30 s:\n${out}${err}`));
    }, 30_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /AC Sound Browser: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${code}) before listening:\n${out}${err}`));
    });
  });
}
