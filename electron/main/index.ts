/**
 * Electron main process: app lifecycle, the one window, the menu, and the IPC transport of the
 * sound service (node/service). Thin on purpose: the logic lives in ipc.ts, window.ts and
 * menu.ts, which are unit-tested without the Electron binary.
 *
 * `acsound-app [path/to/client_portal.dat]` opens that dat directly; with no path the renderer
 * opens the bundled demo dat. `ACSOUND_USER_DATA` points userData at another folder (e2e runs
 * use a fresh temporary profile).
 */
import { join, resolve } from 'node:path';
import { homedir } from 'node:os';
import { BrowserWindow, Menu, app, dialog, ipcMain, protocol, session, shell } from 'electron';
import { userMessage } from '../../core/errors';
import { SoundService } from '../../node/service/SoundService';
import { EVENT_CHANNELS, type MenuCommand } from '../shared/channels';
import { DAT_DIALOG, gateService, registerHostHandlers, registerServiceHandlers, showOpen } from './ipc';
import { APP_INDEX_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, appProtocolHandler } from './appProtocol';
import { guardPaths, PathGrants } from './grants';
import { aboutBox, menuTemplate } from './menu';
import {
  datPathFromArgv,
  devRendererUrl,
  makeSenderCheck,
  restrictSession,
  restrictWebContents,
  windowOptions,
} from './window';

const userData = process.env['ACSOUND_USER_DATA'];
if (userData) app.setPath('userData', resolve(userData));

// Every renderer is sandboxed, whatever a window's options say.
app.enableSandbox();

const here = import.meta.dirname;
// the dev server only in development: a packaged app never takes its renderer from the environment
const devServerUrl = devRendererUrl(app.isPackaged, process.env);
// The renderer's own origin, app://renderer/ (appProtocol.ts), never file://: registered before ready.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
const rendererUrl = devServerUrl ?? APP_INDEX_URL;

const service = new SoundService({
  // Packaged: assets/ is unpacked from the asar (electron-builder asarUnpack), so the dat is a real file.
  ...(app.isPackaged ? { assetsDir: join(process.resourcesPath, 'app.asar.unpacked', 'assets') } : {}),
  // A desktop app's working directory is arbitrary (often /): relative export folders mean ~/…
  exportBaseDir: homedir(),
});

/** Paths the user chose in native dialogs (or on the command line): the only ones the renderer may use. */
const grants = new PathGrants();

/** Asks before the page opens or exports to a path the user typed (or dropped) rather than chose. */
async function confirmPath(kind: 'open' | 'export', path: string): Promise<boolean> {
  const box = {
    type: 'question' as const,
    buttons: [kind === 'open' ? 'Open' : 'Export here', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    title: kind === 'open' ? 'Open this dat?' : 'Export to this folder?',
    message: kind === 'open' ? 'Open this file?' : 'Export into this folder?',
    detail: path,
  };
  const r = mainWindow ? await dialog.showMessageBox(mainWindow, box) : await dialog.showMessageBox(box);
  return r.response === 0;
}

/** The dat the app shows: from argv at start, then whatever File ▸ Open… chose. null = demo. */
let currentPath: string | null = null;
let mainWindow: BrowserWindow | null = null;

function argvDat(argv: readonly string[], cwd: string): string | null {
  const p = datPathFromArgv(argv, app.isPackaged);
  if (p === null) return null;
  const abs = resolve(cwd, p);
  grants.grantFile(abs); // given by the user on the command line
  return abs;
}

/** Opens `path` in the service before the renderer asks; on failure says why and falls back to the demo. */
async function openAtStart(path: string | null): Promise<void> {
  if (path === null) return;
  try {
    await service.openDat(path);
    currentPath = path;
  } catch (e) {
    await dialog.showMessageBox({
      type: 'error',
      title: 'Cannot open the dat',
      message: `Cannot open ${path}`,
      detail: `${userMessage(e)}\n\nThe demo data opens instead.`,
    });
  }
}

/**
 * Opens `path` the way the user sees it: with a window, the renderer's own open flow (menu
 * command "open": "Opening…" in the status bar, errors in its banner, lists and player reset);
 * with no window (macOS), directly in the service, so the next window starts on it.
 */
async function openPath(path: string): Promise<void> {
  currentPath = path;
  if (mainWindow && !mainWindow.isDestroyed()) {
    sendMenuCommand({ command: 'open', path });
    return;
  }
  try {
    await service.openDat(path);
  } catch (e) {
    dialog.showErrorBox('Cannot open the dat', `Cannot open ${path}\n\n${userMessage(e)}`);
  }
}

async function openFromMenu(): Promise<void> {
  const path = await showOpen(dialog, mainWindow, DAT_DIALOG);
  if (path) grants.grantFile(path);
  if (path) await openPath(path);
}

function sendMenuCommand(command: MenuCommand): void {
  mainWindow?.webContents.send(EVENT_CHANNELS.menuCommand, command);
}

function showAbout(): void {
  const box = aboutBox(app.getName(), app.getVersion(), process.versions);
  void (mainWindow ? dialog.showMessageBox(mainWindow, box) : dialog.showMessageBox(box));
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow(windowOptions(join(here, '../preload/index.cjs')));
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  void win.loadURL(rendererUrl);
  return win;
}

function installMenu(): void {
  const template = menuTemplate(
    {
      open: () => void openFromMenu(),
      exportSelection: () => sendMenuCommand({ command: 'export' }),
      about: showAbout,
    },
    { platform: process.platform, dev: !app.isPackaged && !!devServerUrl, appName: app.getName() },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const startup = app.whenReady().then(() => openAtStart(argvDat(process.argv, process.cwd())));
  const isTrusted = makeSenderCheck(rendererUrl);

  app.on('web-contents-created', (_event, contents) => restrictWebContents(contents, (url) => shell.openExternal(url)));

  app.on('second-instance', (_event, argv, workingDirectory) => {
    const path = argvDat(argv, workingDirectory);
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
    if (path) void openPath(path);
  });

  void app.whenReady().then(() => {
    protocol.handle(APP_SCHEME, appProtocolHandler(join(here, '../renderer')));
    restrictSession(session.defaultSession, devServerUrl);
    // the default export folder is main's own proposal: the renderer may export there
    void service.defaultExportDir().then((dir) => grants.grantFolder(dir));
    registerServiceHandlers(
      ipcMain,
      guardPaths(gateService(service, startup), grants, confirmPath, homedir()),
      isTrusted,
    );
    registerHostHandlers(
      ipcMain,
      {
        dialog,
        windowFor: (event) => BrowserWindow.fromWebContents(event.sender),
        initialPath: () => currentPath,
        defaultExportDir: () => service.defaultExportDir(),
        onChosen: (kind, path) => (kind === 'dat' ? grants.grantFile(path) : grants.grantFolder(path)),
      },
      isTrusted,
    );
    service.on('exportProgress', (progress) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(EVENT_CHANNELS.exportProgress, progress);
    });
    installMenu();
    mainWindow = createWindow();

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', () => {
    void service.close().catch(() => undefined);
  });
}
