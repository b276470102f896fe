import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const script = join(root, 'scripts/start-electron.mjs');

describe('npm start (scripts/start-electron.mjs)', () => {
  it('npm start without the Electron binary: a clear message naming npm run serve, exit 1, no stack trace', () => {
    const r = spawnSync(process.execPath, [script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_PATH: '/nonexistent/electron' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^npm start: cannot start the desktop app: ELECTRON_PATH=\/nonexistent\/electron does not exist/,
    );
    expect(r.stderr).toMatch(/npm run serve/);
    expect(r.stderr).not.toMatch(/Electron uninstall|\n\s+at /);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start).toBe(
      'node scripts/start-electron.mjs',
    );
  });

  it.skipIf(process.platform === 'win32')(
    'npm start with an Electron binary runs electron-vite preview with it, passing arguments and the exit code through',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'acsound-start-'));
      try {
        const fake = join(dir, 'electron');
        writeFileSync(fake, `#!/bin/sh\necho "$@" > "${join(dir, 'args.txt')}"\nexit 3\n`);
        chmodSync(fake, 0o755);
        // ELECTRON_ENTRY (electron-vite's own override) stands in for out/main/index.js, so this test
        // does not depend on a prior build: unit tests run before `npm run build` in `npm test`.
        const entry = join(dir, 'main.js');
        writeFileSync(entry, '');
        const env = { ...process.env, ELECTRON_PATH: fake, ELECTRON_ENTRY: entry };
        const r = spawnSync(process.execPath, [script, '--skipBuild'], {
          cwd: root,
          encoding: 'utf8',
          env,
          timeout: 60_000,
        });
        expect(readFileSync(join(dir, 'args.txt'), 'utf8').trim()).toBe(entry);
        expect(r.status).toBe(3);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
