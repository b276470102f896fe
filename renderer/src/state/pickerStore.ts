/**
 * The browser host's file and folder picker (issue #10 defect 4): which purpose it is open for,
 * the folder it shows (the service's `listDirectory`, served by a loopback host only) and its
 * error. State only; actions below. In Electron the native dialogs are used instead.
 */
import { create } from 'zustand';
import type { DirectoryListing, DirectoryShow } from '../../../core/contract';
import { getBridge, userError, type UserError } from '../bridge';
import { openDat } from './datStore';
import { setExportOptions } from './exportStore';

/** What the picker chooses: a dat to open (folders and `.dat` files), or an export folder (folders). */
export type PickerPurpose = 'open-dat' | 'export-folder';

export interface PickerState {
  purpose: PickerPurpose | null;
  listing: DirectoryListing | null;
  loading: boolean;
  error: UserError | null;
}

export const usePicker = create<PickerState>()(() => ({ purpose: null, listing: null, loading: false, error: null }));

const SHOW: Record<PickerPurpose, DirectoryShow> = { 'open-dat': 'dat', 'export-folder': 'folders' };
let seq = 0;

/** Shows folder `path` (null = home). A failure keeps the folder shown and says why. */
export async function browseTo(path: string | null): Promise<void> {
  const purpose = usePicker.getState().purpose;
  if (purpose === null) return;
  const mine = ++seq;
  usePicker.setState({ loading: true, error: null });
  try {
    const listing = await getBridge().listDirectory(path, SHOW[purpose]);
    if (mine === seq) usePicker.setState({ listing, loading: false });
  } catch (e) {
    if (mine === seq) usePicker.setState({ loading: false, error: userError(e) });
  }
}

/**
 * Opens the picker for `purpose` at `start`: a folder, or folders to try in order (lib/pickerStart:
 * the folder typed in "Dat path", then the open dat's; the export folder typed); null, or none
 * that can be listed, = home.
 */
export async function openPicker(purpose: PickerPurpose, start: string | null | readonly string[]): Promise<void> {
  usePicker.setState({ purpose, listing: null, error: null });
  const starts = start === null ? [] : typeof start === 'string' ? [start] : start;
  for (const s of starts) {
    await browseTo(s);
    if (usePicker.getState().purpose !== purpose) return; // closed meanwhile
    if (usePicker.getState().listing !== null) return;
  }
  await browseTo(null);
}

export function closePicker(): void {
  seq++;
  usePicker.setState({ purpose: null, listing: null, loading: false, error: null });
}

/** Uses the chosen path: opens the dat, or sets the export folder; then closes. */
export function choosePath(path: string): void {
  const purpose = usePicker.getState().purpose;
  closePicker();
  if (purpose === 'open-dat') void openDat(path);
  else if (purpose === 'export-folder') setExportOptions({ folder: path });
}
