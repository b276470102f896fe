/**
 * The desktop app. The launch tests need the Electron binary, which cannot be downloaded on the
 * build machines: there they are skipped with the reason. The bundle checks run everywhere and
 * cover what can go wrong without a binary: the sandboxed preload's single `require`, the
 * main-world installer surviving serialization, and main's imports being packageable.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { SOUND_SERVICE_METHODS } from '../../core/contract';
import { findElectron } from '../../scripts/find-browsers.mjs';
import { AppModel } from '../model/app';
import { DEMO_DAT, demoFacts } from '../model/demoDat';

const root = join(import.meta.dirname, '..', '..');

test.describe('built bundles (no Electron binary needed)', () => {
  test('the preload bundle requires only electron and installs window.acsound in the page world', async () => {
    const code = await readFile(join(root, 'out/preload/index.cjs'), 'utf8');
    const required = [...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(required), 'a sandboxed preload can only require electron').toEqual(new Set(['electron']));

    // Run the bundle like a sandboxed preload, with a fake electron whose executeInMainWorld
    // serializes the function into another realm, as Electron does.
    const page = vm.createContext({});
    const invokes: string[] = [];
    const fakeElectron = {
      contextBridge: {
        executeInMainWorld: ({ func, args }: { func: (...a: unknown[]) => unknown; args: unknown[] }) =>
          (vm.runInContext(`(${func.toString()})`, page) as (...a: unknown[]) => unknown)(...args),
        exposeInMainWorld: () => {
          throw new Error('fallback path taken');
        },
      },
      ipcRenderer: {
        invoke: async (channel: string) => {
          invokes.push(channel);
          return channel === 'service:getSoundTable'
            ? { ok: false, error: { name: 'NotFoundError', message: 'SoundTable 0x2000FFFF is not in the dat' } }
            : { ok: true, result: channel };
        },
        on: () => undefined,
        removeListener: () => undefined,
      },
      webUtils: { getPathForFile: () => '' },
    };
    const module = { exports: {} as Record<string, unknown> };
    const sandboxRequire = (id: string) => {
      if (id === 'electron') return fakeElectron;
      throw new Error(`module not found: ${id} (sandboxed preload)`);
    };
    vm.runInNewContext(code, {
      require: sandboxRequire,
      module,
      exports: module.exports,
      console,
      Promise,
      Object,
      Error,
      TypeError,
    });
    expect(module.exports['exposedAs']).toBe('main-world');

    const api = page['acsound'] as Record<string, (...a: unknown[]) => Promise<unknown>>;
    expect(Object.keys(api).sort()).toEqual([...SOUND_SERVICE_METHODS, 'host', 'onExportProgress'].sort());
    // Promises and errors below belong to the page's realm: await them, then compare plain values.
    expect(await api['getSummary']?.()).toBe('service:getSummary');
    const e = (await api['getSoundTable']?.(0x2000ffff).catch((x: unknown) => x)) as Error;
    expect(e instanceof (vm.runInContext('Error', page) as ErrorConstructor)).toBe(true);
    expect(e.name).toBe('NotFoundError');
    expect(invokes).toEqual(['service:getSummary', 'service:getSoundTable']);
  });

  test('the main bundle imports only electron, Node built-ins and runtime dependencies (what the asar holds)', async () => {
    const code = await readFile(join(root, 'out/main/index.js'), 'utf8');
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      main: string;
    };
    expect(pkg.main).toBe('out/main/index.js');
    const specifiers = [
      ...code.matchAll(
        /(?:^|\n)\s*import\s[^'"]*?from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|require\(\s*["']([^"']+)["']\s*\)/g,
      ),
    ]
      .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
      .filter((s) => !s.startsWith('.'));
    const allowed = new Set([
      'electron',
      ...builtinModules,
      ...builtinModules.map((m) => `node:${m}`),
      ...Object.keys(pkg.dependencies),
    ]);
    const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s));
    const stray = specifiers.filter((s) => !allowed.has(s) && !allowed.has(packageOf(s)));
    expect(stray, 'imports that would be missing from the packaged app').toEqual([]);
    expect(specifiers).toContain('electron');
  });
});

const binary = findElectron();

test.describe('Electron app', () => {
  test.skip(binary.path === null, `Electron binary not available: ${binary.path === null ? binary.reason : ''}`);

  let app: ElectronApplication;
  let page: Page;
  let profile = '';

  test.beforeAll(async () => {
    profile = await mkdtemp(join(tmpdir(), 'acsound-e2e-profile-'));
    app = await electron.launch({
      executablePath: binary.path ?? undefined,
      args: [join(root, 'out/main/index.js'), DEMO_DAT],
      cwd: root,
      env: { ...process.env, ACSOUND_USER_DATA: profile, ELECTRON_ENABLE_LOGGING: '1' },
      timeout: 60_000,
    });
    page = await app.firstWindow();
  });

  test.afterAll(async () => {
    await Promise.race([app?.close(), new Promise((r) => setTimeout(r, 10_000))]);
    app?.process().kill('SIGKILL');
    await rm(profile, { recursive: true, force: true });
  });

  test('opens the dat from the command line and lists it', async () => {
    const facts = await demoFacts();
    const model = new AppModel(page);
    await model.waitLoaded();
    await expect(model.statusBar).toContainText(`${facts.soundTableIds.length} SoundTables`);
    await expect(model.statusBar).toContainText(`${facts.waves.length} Waves`);
  });

  test('the page is served from its own origin app://renderer/, never file:// (issue #11, Electron c)', async () => {
    expect(page.url()).toBe('app://renderer/index.html');
    expect(await page.evaluate(() => location.origin)).toBe('app://renderer');
  });

  test('the page has no Node and no ipcRenderer (sandbox, contextIsolation, no nodeIntegration)', async () => {
    expect(await page.evaluate(() => Object.keys(window).filter((k) => /ipc|electron/i.test(k)))).toEqual([]);
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  });

  test('window.acsound is the named API; errors keep their name across the bridge', async () => {
    const keys = await page.evaluate(() => Object.keys(window.acsound ?? {}).sort());
    expect(keys).toEqual([...SOUND_SERVICE_METHODS, 'host', 'onExportProgress'].sort());
    const name = await page.evaluate(() =>
      window.acsound?.getSoundTable(0x2000ffff).then(
        () => 'resolved',
        (e: Error) => e.name,
      ),
    );
    expect(name).toBe('NotFoundError');
  });

  test('plays a Wave', async () => {
    const facts = await demoFacts();
    const model = new AppModel(page);
    await model.openWave(facts.monoPcm.hex);
    await model.playButton.click();
    await expect(model.playerStatus).toHaveText(new RegExp(`Playing ${facts.monoPcm.hex}`));
    await model.stopButton.click();
  });
});
