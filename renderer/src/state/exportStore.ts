/** The Export Waves dialog: options, progress and the last result (errors shown, never swallowed). */
import { create } from 'zustand';
import type { ExportFormat, ExportProgress, ExportResult } from '../../../core/contract';
import type { EngineSettings } from '../../../core/engine';
import { asHeardSettings } from '../lib/asHeardSettings';
import { DEFAULT_EXPORT_FORMAT, exportFormatInfo } from '../../../core/export/formats';
import { hex8 } from '../../../core/errors';
import { nameTemplateProblem } from '../../../core/exportNames';
import { getBridge, userError, type UserError } from '../bridge';
import { useDat } from './datStore';
import { useListener } from './listenerStore';
import { useNav } from './navStore';
import { setExportNameTemplate, usePrefs } from './prefsStore';

export type ExportScope = 'selected' | 'table' | 'listed' | 'all';

export interface ExportState {
  open: boolean;
  format: ExportFormat;
  scope: ExportScope;
  folder: string;
  force: boolean;
  running: boolean;
  /** Cancel was asked for and the service has not stopped yet. */
  cancelling: boolean;
  progress: ExportProgress | null;
  result: ExportResult | null;
  error: UserError | null;
}

export const useExport = create<ExportState>()(() => ({
  open: false,
  format: DEFAULT_EXPORT_FORMAT,
  scope: 'selected',
  folder: '',
  force: false,
  running: false,
  cancelling: false,
  progress: null,
  result: null,
  error: null,
}));

/** Opens the dialog; fills the folder with the host's default the first time. */
export async function openExportDialog(scope?: ExportScope): Promise<void> {
  const nav = useNav.getState();
  const fallback: ExportScope =
    nav.current?.kind === 'table'
      ? 'table'
      : nav.selectedWaves.length > 0 || nav.current?.kind === 'wave'
        ? 'selected'
        : 'all';
  useExport.setState((s) => ({
    open: true,
    scope: scope ?? fallback,
    error: null,
    result: s.running ? s.result : null,
    progress: s.running ? s.progress : null,
  }));
  if (!useExport.getState().folder) {
    try {
      const folder = await getBridge().defaultExportDir();
      if (!useExport.getState().folder) useExport.setState({ folder });
    } catch (e) {
      useExport.setState({ error: userError(e, 'Could not get a default folder') });
    }
  }
}

/** An `exportProgress` event from the service (the composition root subscribes the bridge). */
export function setExportProgress(progress: ExportProgress): void {
  useExport.setState({ progress });
}

export function closeExportDialog(): void {
  useExport.setState({ open: false });
}

/**
 * A change to what the next export uses (format, scope, folder, overwrite, file names): a failed
 * attempt's error goes with it, in the dialog and the status bar, as a form's error goes once its
 * field is edited — it was about the inputs the user has just changed. A running export's error
 * stays (it is about the batch under way). A finished batch's result stays (it says where it wrote).
 */
function inputsChanged<T extends Partial<ExportState>>(patch: T): T | (T & { error: null }) {
  return useExport.getState().running ? patch : { ...patch, error: null };
}

export function setExportOptions(patch: Partial<Pick<ExportState, 'format' | 'scope' | 'folder' | 'force'>>): void {
  useExport.setState(inputsChanged(patch));
}

/** The dialog's File names (the naming template, kept with the prefs): an edit clears a failed attempt's error. */
export function setExportFileNames(template: string): void {
  setExportNameTemplate(template);
  useExport.setState(inputsChanged({}));
}

/** Electron: the host's native folder chooser (a no-op where the host has none). */
export async function chooseExportFolder(): Promise<void> {
  const chooseFolder = useDat.getState().host?.chooseFolder;
  if (!chooseFolder) return;
  try {
    const folder = await chooseFolder();
    if (folder) useExport.setState(inputsChanged({ folder }));
  } catch (e) {
    useExport.setState({ error: userError(e) });
  }
}

/**
 * Runs the export for `ids` with the dialog's options, the naming template of the prefs (an
 * invalid one is refused with its problem, nothing sent) and the Listener settings for "as heard".
 */
export async function runExport(ids: number[]): Promise<void> {
  if (useExport.getState().running) return;
  // a new attempt: the last one's results and error are no longer what the dialog is about
  useExport.setState({ result: null, error: null, progress: null });
  const s = useExport.getState();
  if (ids.length === 0) {
    useExport.setState({ error: { text: 'Nothing to export: 0 Waves match the chosen scope.', report: null } });
    return;
  }
  if (!s.folder.trim()) {
    useExport.setState({ error: { text: 'Choose a folder to export into.', report: null } });
    return;
  }
  // the naming template of the dialog (persisted with the prefs; docs/export-names.md)
  const nameTemplate = usePrefs.getState().exportNameTemplate;
  const problem = nameTemplateProblem(nameTemplate);
  if (problem !== null) {
    useExport.setState({ error: { text: `File names: ${problem}.`, report: null } });
    return;
  }
  let settings: EngineSettings | null = null;
  if (exportFormatInfo(s.format).needsSettings) {
    try {
      settings = asHeardSettings(useListener.getState());
    } catch (e) {
      useExport.setState({ error: userError(e) });
      return;
    }
  }
  useExport.setState({
    running: true,
    cancelling: false,
    error: null,
    result: null,
    progress: { done: 0, total: ids.length, id: ids[0]! },
  });
  try {
    const result = await getBridge().exportWaves({
      ids,
      dir: s.folder.trim(),
      format: s.format,
      force: s.force,
      nameTemplate,
      ...(settings ? { settings } : {}),
    });
    // A cancelled batch keeps the bar where it got to (done/total as reached), never a jump to full.
    useExport.setState((st) => ({
      running: false,
      cancelling: false,
      result,
      progress: { done: attemptedCount(result), total: ids.length, id: st.progress?.id ?? ids[0]! },
    }));
  } catch (e) {
    useExport.setState({ running: false, cancelling: false, error: userError(e) });
  }
}

/**
 * Asks the service to cancel the running export (ui.md: long work can be cancelled). The
 * export's own call then resolves with `cancelled: true` and the rest in `notAttempted`;
 * a failure to reach the service is shown in the dialog.
 */
export async function cancelExport(): Promise<void> {
  const s = useExport.getState();
  if (!s.running || s.cancelling) return;
  useExport.setState({ cancelling: true });
  try {
    await getBridge().cancelExport();
  } catch (e) {
    useExport.setState({ cancelling: false, error: userError(e, 'Could not cancel') });
  }
}

/** "Written N, skipped N, failed N". */
export function summarizeExport(r: ExportResult): string {
  return `Written ${r.written.length}, skipped ${r.skipped.length}, failed ${r.failed.length}`;
}

/** Waves the batch got to (written, skipped or failed); the rest of a cancelled batch are `notAttempted`. */
export function attemptedCount(r: ExportResult): number {
  return r.written.length + r.failed.length + r.skipped.length;
}

/** "Cancelled after N of M" for a cancelled batch, else null. */
export function cancelledNote(r: ExportResult): string | null {
  if (!r.cancelled) return null;
  return `Cancelled after ${attemptedCount(r)} of ${attemptedCount(r) + r.notAttempted.length}`;
}

/**
 * The Skipped list as shown: one line per Wave skipped (its file name, or its id when the service
 * gave none), then the Waves a cancel left out (`notAttempted`) in one line ("2738 not attempted
 * (cancelled)") instead of thousands of nameless lines.
 */
/**
 * `file` as a path inside the export folder `dir` with `/` separators (`20000001/Footstep1_0A000010.wav`:
 * a naming template can put files in sub-folders, so the name alone is ambiguous); `file` as given
 * when it is not inside `dir`.
 */
export function inExportDir(dir: string, file: string): string {
  const norm = (p: string): string => p.replace(/\\/g, '/');
  const d = norm(dir).replace(/\/+$/, '');
  const f = norm(file);
  return d !== '' && f.startsWith(`${d}/`) ? f.slice(d.length + 1) : f;
}

export function skippedLines(r: ExportResult): { key: string; text: string }[] {
  const lines = r.skipped.map((x) => ({
    key: `s${x.id}`,
    text: `${x.file ? inExportDir(r.dir, x.file) : hex8(x.id)}: ${x.reason}`,
  }));
  if (r.notAttempted.length > 0)
    lines.push({
      key: 'not-attempted',
      text: `${r.notAttempted.length} not attempted (${r.cancelled ? 'cancelled' : 'stopped'})`,
    });
  return lines;
}
