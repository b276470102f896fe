/**
 * The open dat: summary, the two lists, per-table details (loaded on demand and indexed in the
 * background for search and "used by"), and the opening status. State only; actions below.
 */
import { create } from 'zustand';
import type { Census, DatSummary, SoundTableDetail, SoundTableInfo, WaveInfo, WaveUsage } from '../../../core/contract';
import { describeError, getBridge } from '../bridge';
import type { BridgeHost } from '../bridge';

export type LoadStatus = 'idle' | 'opening' | 'ready' | 'error';

export interface DatState {
  host: BridgeHost | null;
  status: LoadStatus;
  /** The path being opened (for the status bar). */
  pendingPath: string | null;
  openError: string | null;
  summary: DatSummary | null;
  waves: WaveInfo[];
  soundTables: SoundTableInfo[];
  /** Loaded SoundTable details by id. */
  tableDetails: Record<number, SoundTableDetail>;
  tableErrors: Record<number, string>;
  /** Background indexing of every table's sound types (search, used-by). */
  indexDone: number;
  indexTotal: number;
  /** Wave usage answered by the service, by wave id. */
  usage: Record<number, WaveUsage[]>;
  usageErrors: Record<number, string>;
  /** Bumps on each successful open, so views can reset. */
  generation: number;
  /** The open dat's census (loaded when the Census view first shows), or why it failed. */
  census: Census | null;
  censusError: string | null;
}

export const useDat = create<DatState>()(() => ({
  host: null,
  status: 'idle',
  pendingPath: null,
  openError: null,
  summary: null,
  waves: [],
  soundTables: [],
  tableDetails: {},
  tableErrors: {},
  indexDone: 0,
  indexTotal: 0,
  usage: {},
  usageErrors: {},
  generation: 0,
  census: null,
  censusError: null,
}));

// ---------------------------------------------------------------------------------------------
// Actions

let indexRun = 0;
let menuExportHandler: (() => void) | null = null;

/** Registers what File ▸ Export… does (the export store opens its dialog). */
export function onMenuExport(handler: () => void): void {
  menuExportHandler = handler;
}

/** Starts the app: learn the host, then show what the service has open (or open the initial path / demo). */
let initStarted = false;

export async function initDat(): Promise<void> {
  if (initStarted) return;
  initStarted = true;
  const bridge = getBridge();
  let host: BridgeHost;
  try {
    host = await bridge.getHost();
  } catch {
    host = { kind: 'browser', initialPath: null };
  }
  useDat.setState({ host });
  bridge.onMenuCommand((c) => {
    if (c.command === 'open') void openDat(c.path);
    else menuExportHandler?.();
  });
  try {
    const summary = await bridge.getSummary();
    if (summary) {
      await loadLists(summary);
      return;
    }
  } catch (e) {
    useDat.setState({ status: 'error', openError: describeError(e) });
  }
  await openDat(host.initialPath ?? null);
}

/** Opens a dat by path (null = the bundled demo dat). Errors are shown, never swallowed. */
export async function openDat(path: string | null): Promise<boolean> {
  useDat.setState({ status: 'opening', pendingPath: path, openError: null });
  try {
    const summary = await getBridge().openDat(path);
    await loadLists(summary);
    return true;
  } catch (e) {
    useDat.setState({ status: 'error', openError: describeError(e), pendingPath: null });
    return false;
  }
}

/** The × on the error bar: forget the failed open (the dat that was open stays open). */
export function dismissOpenError(): void {
  useDat.setState((s) => ({ openError: null, status: s.status === 'error' ? (s.summary ? 'ready' : 'idle') : s.status }));
}

/** Electron: native dialog, then open. Returns false if cancelled or unavailable. */
export async function chooseAndOpenDat(): Promise<boolean> {
  const host = useDat.getState().host;
  if (!host?.chooseDat) return false;
  let path: string | null;
  try {
    path = await host.chooseDat();
  } catch (e) {
    useDat.setState({ openError: describeError(e) });
    return false;
  }
  if (!path) return false;
  return openDat(path);
}

async function loadLists(summary: DatSummary): Promise<void> {
  const bridge = getBridge();
  const [waves, soundTables] = await Promise.all([bridge.listWaves(), bridge.listSoundTables()]);
  useDat.setState((s) => ({
    status: 'ready',
    pendingPath: null,
    openError: null,
    summary,
    waves,
    soundTables,
    tableDetails: {},
    tableErrors: {},
    usage: {},
    usageErrors: {},
    indexDone: 0,
    indexTotal: soundTables.length,
    generation: s.generation + 1,
    census: null,
    censusError: null,
  }));
  void indexTables(soundTables.map((t) => t.id));
}

/**
 * Loads every table's details in the background (4 requests at a time) for search by sound type
 * and "used by"; results are committed in batches so the lists do not re-render per table.
 */
async function indexTables(ids: number[]): Promise<void> {
  const run = ++indexRun;
  let next = 0;
  let pending: Record<number, SoundTableDetail> = {};
  let pendingErrors: Record<number, string> = {};
  let pendingCount = 0;
  let lastFlush = Date.now();
  const flush = (): void => {
    if (run !== indexRun || pendingCount === 0) return;
    const details = pending;
    const errors = pendingErrors;
    const n = pendingCount;
    pending = {};
    pendingErrors = {};
    pendingCount = 0;
    lastFlush = Date.now();
    useDat.setState((s) => ({
      tableDetails: { ...details, ...s.tableDetails },
      tableErrors: { ...errors, ...s.tableErrors },
      indexDone: s.indexDone + n,
    }));
  };
  const bridge = getBridge();
  const worker = async (): Promise<void> => {
    while (next < ids.length && run === indexRun) {
      const id = ids[next++]!;
      if (!useDat.getState().tableDetails[id]) {
        try {
          pending[id] = await bridge.getSoundTable(id);
        } catch (e) {
          pendingErrors[id] = describeError(e);
        }
      }
      pendingCount++;
      if (Date.now() - lastFlush > 150) flush();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  flush();
}

/** Loads one SoundTable's details (cached). */
export async function loadSoundTable(id: number): Promise<SoundTableDetail | null> {
  const s = useDat.getState();
  const cached = s.tableDetails[id];
  if (cached) return cached;
  try {
    const detail = await getBridge().getSoundTable(id);
    useDat.setState((st) => ({ tableDetails: { ...st.tableDetails, [id]: detail } }));
    return detail;
  } catch (e) {
    useDat.setState((st) => ({ tableErrors: { ...st.tableErrors, [id]: describeError(e) } }));
    return null;
  }
}

/** Loads where a Wave is used (cached). */
export async function loadWaveUsage(id: number): Promise<void> {
  if (useDat.getState().usage[id]) return;
  try {
    const usage = await getBridge().getWaveUsage(id);
    useDat.setState((st) => ({ usage: { ...st.usage, [id]: usage } }));
  } catch (e) {
    useDat.setState((st) => ({ usageErrors: { ...st.usageErrors, [id]: describeError(e) } }));
  }
}

/** Loads the open dat's census (cached until another dat opens). */
export async function loadCensus(): Promise<void> {
  const s = useDat.getState();
  if (s.census || !s.summary) return;
  const generation = s.generation;
  try {
    const census = await getBridge().getCensus();
    if (useDat.getState().generation === generation) useDat.setState({ census, censusError: null });
  } catch (e) {
    if (useDat.getState().generation === generation) useDat.setState({ censusError: describeError(e) });
  }
}
