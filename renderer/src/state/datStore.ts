/**
 * The open dat: summary, the two lists (each SoundTable row carries its sound types and rows'
 * Wave ids, so search and "used by" need no further call), the SoundTable details a view asked
 * for (floats), and the opening status. State only; actions below.
 */
import { create } from 'zustand';
import type { Census, DatSummary, SoundTableDetail, SoundTableInfo, WaveInfo } from '../../../core/contract';
import { getBridge, userError, type UserError } from '../bridge';
import type { BridgeHost } from '../bridge';
import { resetNav } from './navStore';

export type LoadStatus = 'idle' | 'opening' | 'ready' | 'error';

export interface DatState {
  host: BridgeHost | null;
  status: LoadStatus;
  /** The path being opened (for the status bar). */
  pendingPath: string | null;
  /** Why the last open failed, in plain words (no class name) with its report for "Copy details" (core/errors `userError`). */
  openError: UserError | null;
  /** The path of the last open that failed (null = the demo), shown with {@link DatState.openError}. */
  failedPath: string | null;
  /** Bumps on every failed open: the "Dat path" field then shows the dat still open again. */
  failedOpens: number;
  summary: DatSummary | null;
  /** True while the open dat's entry count (`summary.entryCount`, null until then) is being counted. */
  entryCountPending: boolean;
  waves: WaveInfo[];
  /** Every SoundTable with its sound types (see core/contract `SoundTableInfo`). */
  soundTables: SoundTableInfo[];
  /** SoundTable details (the rows' floats) loaded for a view, by id. */
  tableDetails: Record<number, SoundTableDetail>;
  tableErrors: Record<number, UserError>;
  /** Bumps on each successful open, so views can reset. */
  generation: number;
  /** The open dat's census (loaded when the Census view first shows), or why it failed. */
  census: Census | null;
  censusError: UserError | null;
  /** The generation whose dat warnings (`summary.warnings`) the user dismissed. */
  warningsDismissed: number;
}

export const useDat = create<DatState>()(() => ({
  host: null,
  status: 'idle',
  pendingPath: null,
  openError: null,
  failedPath: null,
  failedOpens: 0,
  summary: null,
  entryCountPending: false,
  waves: [],
  soundTables: [],
  tableDetails: {},
  tableErrors: {},
  generation: 0,
  census: null,
  censusError: null,
  warningsDismissed: 0,
}));

// ---------------------------------------------------------------------------------------------
// Actions

/** Bumps on every open request: lists answered for an older request are dropped. */
let openSeq = 0;
const datChangeHandlers: (() => void)[] = [];
/** Single-table requests in flight for the open dat (views opened at once share them). */
let inflight = new Map<number, Promise<SoundTableDetail | null>>();

/**
 * Registers what else forgets the old dat when a new one is installed (the composition root: the
 * Player's decoded audio and voices, the roll logs). Runs inside {@link loadLists}, before the new
 * lists show. Returns the unregister function.
 */
export function onDatChanged(handler: () => void): () => void {
  datChangeHandlers.push(handler);
  return () => {
    const i = datChangeHandlers.indexOf(handler);
    if (i >= 0) datChangeHandlers.splice(i, 1);
  };
}

/**
 * Starts the app (called once by the composition root): learn the host, then show what the
 * service has open (or open the initial path / the demo).
 *
 * The host, the summary and both lists are asked for at once, before anything waits (issue #9):
 * the rows never wait for the host's answer nor for a second round trip (the lists fail with
 * ENODAT when no dat is open). The host is installed with the lists, in one store update: a
 * separate update would re-render the whole window once more before the first rows.
 */
export async function initDat(): Promise<void> {
  const bridge = getBridge();
  const seq = ++openSeq;
  const hostAsked = bridge.getHost().catch((): BridgeHost => ({ kind: 'browser', initialPath: null }));
  const lists = Promise.all([bridge.listWaves(), bridge.listSoundTables()]);
  lists.catch(() => undefined);
  const summaryAsked = bridge.getSummary();
  summaryAsked.catch(() => undefined);
  let summary: DatSummary | null = null;
  let failure: { error: unknown } | null = null;
  try {
    summary = await summaryAsked;
  } catch (e) {
    failure = { error: e };
  }
  const host = await hostAsked;
  if (summary) {
    try {
      // a newer open won (its lists are installed): the host is still learnt
      if (!(await loadLists(summary, seq, lists, { host }))) useDat.setState({ host });
      return;
    } catch (e) {
      failure = { error: e };
    }
  }
  useDat.setState(failure ? { host, status: 'error', openError: userError(failure.error) } : { host });
  await openDat(host.initialPath ?? null);
}

/** Opens a dat by path (null = the bundled demo dat). Errors are shown, never swallowed. */
export async function openDat(path: string | null): Promise<boolean> {
  const seq = ++openSeq;
  useDat.setState({ status: 'opening', pendingPath: path, openError: null });
  try {
    const summary = await getBridge().openDat(path);
    return await loadLists(summary, seq);
  } catch (e) {
    if (seq === openSeq)
      useDat.setState((s) => ({
        status: 'error',
        openError: userError(e),
        failedPath: path,
        failedOpens: s.failedOpens + 1,
        pendingPath: null,
      }));
    return false;
  }
}

/** The × on the error bar: forget the failed open (the dat that was open stays open). */
export function dismissOpenError(): void {
  useDat.setState((s) => ({
    openError: null,
    status: s.status === 'error' ? (s.summary ? 'ready' : 'idle') : s.status,
  }));
}

/** Electron: native dialog, then open. Returns false if cancelled or unavailable. */
export async function chooseAndOpenDat(): Promise<boolean> {
  const host = useDat.getState().host;
  if (!host?.chooseDat) return false;
  let path: string | null;
  try {
    path = await host.chooseDat();
  } catch (e) {
    useDat.setState({ openError: userError(e) });
    return false;
  }
  if (!path) return false;
  return openDat(path);
}

/**
 * Installs a newly opened dat: its lists, and a fresh generation. Everything that pointed into the
 * old dat is forgotten here, in the same step (navigation, selection, the Player, the roll logs),
 * so no view ever pairs the new lists with old ids. A newer open request wins: older answers drop.
 * `asked`: the lists already requested (with the summary, at start-up); else they are asked here.
 * `also`: more state installed in the same update (the host, at start-up).
 */
async function loadLists(
  summary: DatSummary,
  seq: number,
  asked?: Promise<[WaveInfo[], SoundTableInfo[]]>,
  also: Partial<Pick<DatState, 'host'>> = {},
): Promise<boolean> {
  const bridge = getBridge();
  const [waves, soundTables] = await (asked ?? Promise.all([bridge.listWaves(), bridge.listSoundTables()]));
  if (seq !== openSeq) return false;
  inflight = new Map();
  resetNav();
  for (const h of datChangeHandlers) h();
  useDat.setState((s) => ({
    ...also,
    status: 'ready',
    pendingPath: null,
    openError: null,
    summary,
    entryCountPending: summary.entryCount === null,
    waves,
    soundTables,
    tableDetails: {},
    tableErrors: {},
    generation: s.generation + 1,
    census: null,
    censusError: null,
  }));
  const generation = useDat.getState().generation;
  if (summary.entryCount === null) void loadEntryCount(generation);
  return true;
}

/**
 * `openDat` answers `entryCount: null` (the whole-tree count would slow the open); the service's
 * `getSummary` counts it once per open dat. Asked once in the background after an open; the count
 * (and any warning the count or later reads added) is merged into the summary only while the same
 * dat is still open. A failed or unavailable count leaves it null (the status bar then says
 * "entry count unknown"; until the answer, "counting entries…").
 */
async function loadEntryCount(generation: number): Promise<void> {
  let full: DatSummary | null = null;
  try {
    full = await getBridge().getSummary();
  } catch {
    // the count stays unknown
  }
  const s = useDat.getState();
  if (s.generation !== generation) return;
  if (!full || !s.summary || full.path !== s.summary.path) {
    useDat.setState({ entryCountPending: false });
    return;
  }
  const summary = s.summary;
  useDat.setState({
    entryCountPending: false,
    summary: {
      ...summary,
      entryCount: full.entryCount,
      warnings: [...new Set([...summary.warnings, ...full.warnings])],
    },
  });
}

/**
 * One getSoundTable per table and dat, shared while in flight (views opened at once). The answer
 * is committed only while its dat is still the open one; a failure is shown on its table.
 */
function fetchTable(id: number, generation: number): Promise<SoundTableDetail | null> {
  const known = useDat.getState().tableDetails[id];
  if (known) return Promise.resolve(known);
  let p = inflight.get(id);
  if (!p) {
    const map = inflight;
    p = getBridge()
      .getSoundTable(id)
      .then(
        (detail) => detail,
        (e: unknown) => {
          if (useDat.getState().generation === generation)
            useDat.setState((st) => ({ tableErrors: { ...st.tableErrors, [id]: userError(e) } }));
          return null;
        },
      )
      .finally(() => {
        if (map.get(id) === p) map.delete(id);
      });
    map.set(id, p);
  }
  return p;
}

/** Loads one SoundTable's details (cached; an answer for a dat that is no longer open is dropped). */
export async function loadSoundTable(id: number): Promise<SoundTableDetail | null> {
  const generation = useDat.getState().generation;
  const detail = await fetchTable(id, generation);
  if (!detail || useDat.getState().generation !== generation) return null;
  if (useDat.getState().tableDetails[id] !== detail)
    useDat.setState((st) => ({ tableDetails: { ...st.tableDetails, [id]: detail } }));
  return detail;
}

/** The × on the dat warnings note: hidden until another dat opens. */
export function dismissDatWarnings(): void {
  useDat.setState((s) => ({ warningsDismissed: s.generation }));
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
    if (useDat.getState().generation === generation) useDat.setState({ censusError: userError(e) });
  }
}
