import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { aboutBox, menuTemplate, type MenuActions } from './menu';

vi.mock('electron', () => {
  throw new Error('menu.ts must not import electron at run time');
});

function actions() {
  return {
    open: vi.fn<() => void>(),
    exportSelection: vi.fn<() => void>(),
    about: vi.fn<() => void>(),
  } satisfies MenuActions;
}

function items(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = template.find((m) => m.label?.replace('&', '') === label);
  return (menu?.submenu ?? []) as MenuItemConstructorOptions[];
}

function click(item: MenuItemConstructorOptions | undefined): void {
  (item?.click as (() => void) | undefined)?.();
}

describe('menuTemplate', () => {
  it('File has Open… (Ctrl+O), Export… and Quit', () => {
    const a = actions();
    const file = items(menuTemplate(a, { platform: 'linux', dev: false, appName: 'AC Sound Browser' }), 'File');
    const open = file.find((i) => i.label === 'Open…');
    expect(open?.accelerator).toBe('CmdOrCtrl+O');
    click(open);
    expect(a.open).toHaveBeenCalledOnce();
    click(file.find((i) => i.label === 'Export…'));
    expect(a.exportSelection).toHaveBeenCalledOnce();
    expect(file.some((i) => i.role === 'quit')).toBe(true);
  });

  it('View has reload and devtools only in development', () => {
    const roles = (dev: boolean) =>
      items(menuTemplate(actions(), { platform: 'linux', dev, appName: 'A' }), 'View').map((i) => i.role);
    expect(roles(true)).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
    expect(roles(false)).not.toContain('reload');
    expect(roles(false)).not.toContain('toggleDevTools');
  });

  it('Help ▸ About calls about()', () => {
    const a = actions();
    const help = items(menuTemplate(a, { platform: 'win32', dev: false, appName: 'AC Sound Browser' }), 'Help');
    click(help.find((i) => i.label === 'About AC Sound Browser'));
    expect(a.about).toHaveBeenCalledOnce();
  });

  it('macOS gets the app menu first', () => {
    const t = menuTemplate(actions(), { platform: 'darwin', dev: false, appName: 'AC Sound Browser' });
    expect(t[0]?.label).toBe('AC Sound Browser');
  });
});

describe('aboutBox', () => {
  it('credits the ACE World database for the SoundTable labels', () => {
    const box = aboutBox('AC Sound Browser', '0.1.0', { electron: '45.5.0' });
    expect(box.message).toBe('AC Sound Browser 0.1.0');
    expect(box.detail).toContain('ACE World database');
    expect(box.detail).toContain('ACEmulator/ACE-World-16PY-Patches');
    expect(box.detail).toContain('soundtable-labels.json');
    expect(box.detail).toContain('Electron 45.5.0');
  });
});
