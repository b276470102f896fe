/**
 * The application menu. `menuTemplate` is pure (unit-tested); index.ts builds it with
 * `Menu.buildFromTemplate` and supplies the actions.
 */
import type { MenuItemConstructorOptions, MessageBoxOptions } from 'electron';

export interface MenuActions {
  /** File ▸ Open… — choose a dat and open it. */
  open(): void;
  /** File ▸ Export… — the renderer opens its Export dialog for the selection. */
  exportSelection(): void;
  /** Help ▸ About. */
  about(): void;
}

export interface MenuEnv {
  platform: NodeJS.Platform;
  /** Development build (electron-vite dev): View gets Reload and DevTools. */
  dev: boolean;
  appName: string;
}

export function menuTemplate(actions: MenuActions, env: MenuEnv): MenuItemConstructorOptions[] {
  const mac = env.platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => actions.open() },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => actions.exportSelection() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit', label: 'Quit', accelerator: 'CmdOrCtrl+Q' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [{ role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(env.dev
        ? ([
            { role: 'reload' },
            { role: 'forceReload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] satisfies MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: '&Help',
    submenu: [{ label: `About ${env.appName}`, click: () => actions.about() }],
  };
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: env.appName,
          submenu: [
            { label: `About ${env.appName}`, click: () => actions.about() },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  return [...appMenu, file, edit, view, ...(mac ? [{ role: 'windowMenu' } as MenuItemConstructorOptions] : []), help];
}

/** The About box, with the credit for the SoundTable labels. */
export function aboutBox(
  appName: string,
  version: string,
  versions: { electron?: string; chrome?: string; node?: string },
): MessageBoxOptions {
  return {
    type: 'info',
    title: `About ${appName}`,
    message: `${appName} ${version}`,
    detail: [
      "Browse, audition and export the sounds in Asheron's Call client_portal.dat, with a retail-faithful sound engine.",
      '',
      'SoundTable labels (e.g. "Drudge", "Door") come from the ACE World database (ACEmulator/ACE-World-16PY-Patches, ' +
        'the world data of the ACEmulator server emulator): which in-game objects use each SoundTable. ' +
        'See assets/soundtable-labels.json and its README for the exact snapshot and method.',
      '',
      "Asheron's Call is a trademark of its owners; this tool ships no game data. The demo dat holds sounds synthesized by the project.",
      '',
      `Electron ${versions.electron ?? '?'} · Chromium ${versions.chrome ?? '?'} · Node ${versions.node ?? '?'}`,
    ].join('\n'),
    buttons: ['OK'],
    noLink: true,
  };
}
