/**
 * The main process wired together, with a fake `electron` (the real module would try to download
 * the binary) and the real node service.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOUND_SERVICE_METHODS, type DatSummary, type Envelope, type ExportResult } from '../../core/contract';
import { HOST_CHANNELS } from '../shared/channels';
import { windowOptions } from './window';

const root = join(import.meta.dirname, '..', '..');
const demoDat = join(root, 'assets', 'demo_portal.dat');
const hasDemo = existsSync(demoDat);

type Handler = (event: unknown, ...args: unknown[]) => unknown;

const fx = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const windows: {
    options: unknown;
    loaded: string[];
    shown: boolean;
    sent: [string, unknown][];
    once: Map<string, () => void>;
  }[] = [];
  let ready!: () => void;
  const whenReady = new Promise<void>((r) => (ready = r));
  return {
    handlers,
    windows,
    ready,
    whenReady,
    menus: [] as unknown[],
    appEvents: new Map<string, unknown>(),
    sandboxed: false,
    openPaths: [] as string[],
    schemes: [] as unknown[],
    confirmAnswers: [] as number[],
    protocols: new Map<string, (r: Request) => Promise<Response>>(),
  };
});

vi.mock('electron', () => {
  class BrowserWindow {
    readonly record = {
      options: null as unknown,
      loaded: [] as string[],
      shown: false,
      sent: [] as [string, unknown][],
      once: new Map<string, () => void>(),
    };
    readonly webContents = {
      send: (channel: string, payload: unknown) => this.record.sent.push([channel, payload]),
      reload: () => undefined,
    };
    constructor(options: unknown) {
      this.record.options = options;
      fx.windows.push(this.record);
    }
    static getAllWindows = () => fx.windows;
    static fromWebContents = () => null;
    once(name: string, cb: () => void) {
      this.record.once.set(name, cb);
    }
    on() {}
    show() {
      this.record.shown = true;
    }
    isDestroyed() {
      return false;
    }
    async loadFile(f: string) {
      this.record.loaded.push(f);
    }
    async loadURL(u: string) {
      this.record.loaded.push(u);
    }
  }
  return {
    BrowserWindow,
    app: {
      isPackaged: false,
      whenReady: () => fx.whenReady,
      enableSandbox: () => {
        fx.sandboxed = true;
      },
      requestSingleInstanceLock: () => true,
      on: (name: string, cb: unknown) => fx.appEvents.set(name, cb),
      setPath: () => undefined,
      getName: () => 'AC Sound Browser',
      getVersion: () => '0.1.0',
      quit: () => undefined,
    },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: (m: unknown) => fx.menus.push(m) },
    dialog: {
      showOpenDialog: async () => {
        const p = fx.openPaths.shift();
        return p ? { canceled: false, filePaths: [p] } : { canceled: true, filePaths: [] };
      },
      showMessageBox: async () => ({ response: fx.confirmAnswers.shift() ?? 0 }),
      showErrorBox: () => undefined,
    },
    ipcMain: {
      handle: (c: string, h: Handler) => fx.handlers.set(c, h),
      removeHandler: (c: string) => fx.handlers.delete(c),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        webRequest: { onHeadersReceived: () => undefined },
      },
    },
    shell: { openExternal: async () => undefined },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => fx.schemes.push(schemes),
      handle: (scheme: string, handler: (r: Request) => Promise<Response>) => fx.protocols.set(scheme, handler),
    },
  };
});

const rendererUrl = 'app://renderer/index.html';
const ourFrame = { senderFrame: { url: rendererUrl, parent: null } };

async function invoke<T>(channel: string, ...args: unknown[]): Promise<Envelope<T>> {
  const h = fx.handlers.get(channel);
  if (!h) throw new Error(`no handler for ${channel}`);
  return (await h(ourFrame, ...args)) as Envelope<T>;
}

interface MenuItemLike {
  label?: string;
  click?: () => void;
  submenu?: MenuItemLike[];
}

/** Every item of a menu template, depth first. */
function flattenMenu(menu: unknown): MenuItemLike[] {
  const out: MenuItemLike[] = [];
  const walk = (items: MenuItemLike[]): void => {
    for (const i of items) {
      out.push(i);
      if (Array.isArray(i.submenu)) walk(i.submenu);
    }
  };
  walk(menu as MenuItemLike[]);
  return out;
}

const savedArgv = process.argv;
let outDir = '';

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'acsound-main-'));
  // As `electron out/main/index.js <dat>` would see it.
  process.argv = ['/usr/bin/electron', 'out/main/index.js', ...(hasDemo ? [demoDat] : [])];
  await import('./index');
  fx.ready();
  await vi.waitFor(() => expect(fx.windows).toHaveLength(1));
});

afterAll(async () => {
  process.argv = savedArgv;
  await rm(outDir, { recursive: true, force: true });
});

describe('main process', () => {
  it('sandboxes every renderer and installs a menu', () => {
    expect(fx.sandboxed).toBe(true);
    expect(fx.menus).toHaveLength(1);
  });

  it('creates one hidden window with the secure options and the bundled CJS preload, loading app://renderer/, shown on ready-to-show', () => {
    const w = fx.windows[0];
    expect(w?.options).toEqual(windowOptions(join(root, 'electron', 'preload', 'index.cjs')));
    expect(w?.loaded).toEqual(['app://renderer/index.html']);
    expect(w?.shown).toBe(false);
    w?.once.get('ready-to-show')?.();
    expect(w?.shown).toBe(true);
  });

  it('registers a handler for every contract method and the host channels', () => {
    for (const m of SOUND_SERVICE_METHODS) expect(fx.handlers.has(`service:${m}`), m).toBe(true);
    for (const c of Object.values(HOST_CHANNELS)) expect(fx.handlers.has(c), c).toBe(true);
  });

  it('refuses a frame that is not our renderer page (its full URL), file:// included', async () => {
    const h = fx.handlers.get('service:getSummary') as Handler;
    for (const url of [
      'https://evil.example/',
      'app://renderer/other.html',
      'app://evil/index.html',
      pathToFileURL(join(root, 'electron', 'renderer', 'index.html')).href,
    ]) {
      const env = (await h({ senderFrame: { url, parent: null } })) as Envelope<unknown>;
      expect(!env.ok && env.error.name, url).toBe('UntrustedSenderError');
    }
  });

  it('serves the renderer from the privileged app:// scheme (registered before ready), not file://', async () => {
    expect(fx.schemes).toEqual([
      [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }],
    ]);
    expect(fx.protocols.has('app')).toBe(true);
    const missing = await fx.protocols.get('app')!(new Request('app://renderer/nope.js'));
    expect(missing.status).toBe(404);
  });

  it('a development build without ELECTRON_RENDERER_URL trusts only app://renderer/index.html', async () => {
    const h = fx.handlers.get('service:getSummary') as Handler;
    const env = (await h({
      senderFrame: { url: 'app://renderer/index.html#/waves', parent: null },
    })) as Envelope<unknown>;
    expect(env.ok).toBe(true);
  });

  it('answers a bad id with the error as data, keeping its name', async () => {
    const env = await invoke('service:getSoundTable', 'not an id');
    expect(!env.ok && env.error.name).toBe('RequestError');
  });

  it.runIf(hasDemo)('opens the dat given on the command line before the renderer asks', async () => {
    const env = await invoke<DatSummary | null>('service:getSummary');
    expect(env.ok && env.result?.path).toBe(demoDat);
    expect(await invoke('host:getInitialPath')).toEqual({ ok: true, result: demoDat });
  });

  it.runIf(hasDemo)('exports through IPC and forwards progress to the window', async () => {
    const waves = await invoke<{ id: number }[]>('service:listWaves');
    const first = waves.ok ? waves.result[0] : undefined;
    expect(first).toBeDefined();
    const env = await invoke<ExportResult>('service:exportWaves', {
      ids: [first?.id],
      dir: outDir,
      format: 'decoded',
      force: false,
    });
    expect(env.ok && env.result.written).toHaveLength(1);
    const file = env.ok ? env.result.written[0]?.file : undefined;
    expect((await readFile(file ?? '')).subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(fx.windows[0]?.sent).toContainEqual(['event:exportProgress', { done: 1, total: 1, id: first?.id }]);
  });

  it('a dat path typed in the page is opened only after the user confirms it in a native dialog (Electron d)', async () => {
    fx.confirmAnswers.push(1); // Cancel
    const refused = await invoke('service:openDat', '/etc/shadow');
    expect(!refused.ok && refused.error).toMatchObject({ name: 'PathNotGrantedError', code: 'EPERM' });
    fx.confirmAnswers.push(1);
    const notExported = await invoke('service:exportWaves', {
      ids: [0x0a000010],
      dir: '/tmp/not-chosen',
      format: 'decoded',
      force: false,
    });
    expect(!notExported.ok && notExported.error.name).toBe('PathNotGrantedError');
  });

  it('File ▸ Open… hands the chosen path to the renderer (menu command "open"); File ▸ Export… sends "export"', async () => {
    const w = fx.windows[0]!;
    const items = flattenMenu(fx.menus[0]);
    fx.openPaths.push('/data/client_portal.dat');
    items.find((i) => i.label === 'Open…')!.click!();
    await vi.waitFor(() =>
      expect(w.sent).toContainEqual(['event:menuCommand', { command: 'open', path: '/data/client_portal.dat' }]),
    );
    expect(await invoke('host:getInitialPath')).toEqual({ ok: true, result: '/data/client_portal.dat' });
    const before = w.sent.length;
    items.find((i) => i.label === 'Open…')!.click!(); // cancelled dialog: nothing sent
    // A second Open… whose dialog picks a file: its command is sent after the first click's
    // handler has finished (same steps, started later: promise jobs run in order), so when it
    // arrives the cancelled click has had every chance to send — and must not have.
    fx.openPaths.push('/data/second.dat');
    items.find((i) => i.label === 'Open…')!.click!();
    await vi.waitFor(() => expect(w.sent.length).toBeGreaterThan(before));
    expect(w.sent.slice(before)).toEqual([['event:menuCommand', { command: 'open', path: '/data/second.dat' }]]);
    const cancelled = fx.openPaths.length;
    expect(cancelled).toBe(0); // both dialogs were shown
    items.find((i) => /^Export/.test(i.label ?? ''))!.click!();
    expect(w.sent.at(-1)).toEqual(['event:menuCommand', { command: 'export' }]);
  });
});
