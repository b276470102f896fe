/**
 * The open dat's sound graph as the renderer knows it (issue #7, docs/sound-graph.md): the
 * background build's status (polled, cancellable), the Creatures and Effects lists, the "used by"
 * counts, the graph data (for search by Animation id and the Animation → creature chain), the
 * references and creature details a view asked for. State only; actions below. The build starts
 * after a dat's lists are installed, so it never delays them.
 */
import { create } from 'zustand';
import type {
  CreatureDetail,
  CreatureInfo,
  EffectInfo,
  GraphStatus,
  ObjectReference,
  SoundGraphData,
  Timeline,
  TimelineRequest,
} from '../../../core/contract';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../../core/engine';
import { isNoReverseSequence } from '../../../core/graph/reversePlay';
import { getBridge, userError, type UserError } from '../bridge';

export interface GraphStoreState {
  /** The dat generation this state belongs to (datStore `generation`). */
  generation: number;
  status: GraphStatus | null;
  /** Why a graph call failed (shown in the status bar), or null. */
  error: UserError | null;
  creatures: CreatureInfo[] | null;
  effects: EffectInfo[] | null;
  /** "Used by" counts by id (every object named at least once); null until the graph is ready. */
  usedBy: ReadonlyMap<number, number> | null;
  data: SoundGraphData | null;
  refs: Readonly<Record<number, ObjectReference[]>>;
  refErrors: Readonly<Record<number, UserError>>;
  creatureDetails: Readonly<Record<number, CreatureDetail>>;
  creatureErrors: Readonly<Record<number, UserError>>;
  /**
   * The last timeline asked for ({@link timelineKey} of its request) and the answer or why it
   * failed. `noReverse`: the failure is the MotionTable having no reverse sequence for the motion
   * (core/graph `isNoReverseSequence`, by the error's kind): a note for the user, not an error.
   */
  timeline: { key: string; value: Timeline | null; error: UserError | null; noReverse: boolean } | null;
}

const EMPTY = {
  status: null,
  error: null,
  creatures: null,
  effects: null,
  usedBy: null,
  data: null,
  refs: {},
  refErrors: {},
  creatureDetails: {},
  creatureErrors: {},
  timeline: null,
} satisfies Omit<GraphStoreState, 'generation'>;

export const useGraph = create<GraphStoreState>()(() => ({ generation: 0, ...EMPTY }));

/**
 * Why the graph will not arrive without a new build ("Build sound graph"): `failed` (the build
 * failed, or a call to follow it did), `cancelled`, or null while it is starting, building or ready.
 * The lists' counts and "Used by" cells say so instead of waiting ("…") for ever.
 */
export function graphStopped(s: GraphStoreState): 'failed' | 'cancelled' | null {
  if (s.error !== null || s.status?.state === 'failed') return 'failed';
  if (s.status?.state === 'cancelled') return 'cancelled';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Actions

/** Poll interval of the build's progress, ms. */
export const GRAPH_POLL_MS = 150;
let pollTimer: ReturnType<typeof setTimeout> | null = null;

function current(generation: number): boolean {
  return useGraph.getState().generation === generation;
}

function stopPolling(): void {
  if (pollTimer !== null) clearTimeout(pollTimer);
  pollTimer = null;
}

/**
 * A new dat is listed (`generation`): forget the old graph (at once) and start building this one
 * in the background (when `later` calls back: the composition root waits for the lists' first
 * paint, issue #9); progress is polled until it is ready, cancelled or failed.
 */
export function startGraphFor(generation: number, later: (start: () => void) => void = (start) => start()): void {
  stopPolling();
  useGraph.setState({ generation, ...EMPTY });
  later(() => {
    if (current(generation)) void buildGraph(generation);
  });
}

/** Starts (or restarts after a cancel) the open dat's graph build and follows it. */
export async function buildGraph(generation = useGraph.getState().generation): Promise<void> {
  try {
    const status = await getBridge().startGraph();
    if (!current(generation)) return;
    useGraph.setState({ status, error: null });
    follow(status, generation);
  } catch (e) {
    if (current(generation)) useGraph.setState({ error: userError(e) });
  }
}

function follow(status: GraphStatus, generation: number): void {
  if (status.state === 'building') {
    stopPolling();
    pollTimer = setTimeout(() => {
      pollTimer = null;
      getBridge()
        .getGraphStatus()
        .then(
          (s) => {
            if (!current(generation)) return;
            useGraph.setState({ status: s });
            follow(s, generation);
          },
          (e: unknown) => {
            if (current(generation)) useGraph.setState({ error: userError(e) });
          },
        );
    }, GRAPH_POLL_MS);
  } else if (status.state === 'ready') void loadLists(generation);
}

/** The "Cancel" of the graph progress: the build stops; "Build sound graph" starts it again. */
export async function cancelGraph(): Promise<void> {
  const generation = useGraph.getState().generation;
  stopPolling();
  try {
    await getBridge().cancelGraph();
    const status = await getBridge().getGraphStatus();
    if (current(generation)) useGraph.setState({ status });
  } catch (e) {
    if (current(generation)) useGraph.setState({ error: userError(e) });
  }
}

async function loadLists(generation: number): Promise<void> {
  const bridge = getBridge();
  try {
    const [creatures, effects, counts, data] = await Promise.all([
      bridge.listCreatures(),
      bridge.listEffects(),
      bridge.getUsedByCounts(),
      bridge.getSoundGraph(),
    ]);
    if (!current(generation)) return;
    useGraph.setState({ creatures, effects, usedBy: new Map(counts.map((c) => [c.id, c.count])), data, error: null });
  } catch (e) {
    if (current(generation)) useGraph.setState({ error: userError(e) });
  }
}

/** Loads every reference to `id` ("Used by"), once per dat. */
export async function loadReferences(id: number): Promise<void> {
  const s = useGraph.getState();
  if (s.refs[id]) return;
  const generation = s.generation;
  try {
    const refs = await getBridge().getReferences(id);
    if (current(generation)) useGraph.setState((st) => ({ refs: { ...st.refs, [id]: refs } }));
  } catch (e) {
    if (current(generation)) useGraph.setState((st) => ({ refErrors: { ...st.refErrors, [id]: userError(e) } }));
  }
}

/** Loads a creature's detail (tables, motions that make sounds), once per dat. */
export async function loadCreature(id: number): Promise<void> {
  const s = useGraph.getState();
  if (s.creatureDetails[id]) return;
  const generation = s.generation;
  try {
    const detail = await getBridge().getCreature(id);
    if (current(generation)) useGraph.setState((st) => ({ creatureDetails: { ...st.creatureDetails, [id]: detail } }));
  } catch (e) {
    if (current(generation))
      useGraph.setState((st) => ({ creatureErrors: { ...st.creatureErrors, [id]: userError(e) } }));
  }
}

/**
 * The Listener settings a timeline depends on: all but `path` and `volume`, which each sound hook
 * sets itself (core/graph `soundHookRequest`: Sound → sound-hook, SoundTweaked → tweaked-hook with
 * the hook's volume, SoundTable → table-hook with the rows' volumes). Those two are set to their
 * defaults, so changing them in the Listener neither changes {@link timelineKey} nor asks again.
 */
export function timelineSettings(s: EngineSettings): EngineSettings {
  return {
    mode: s.mode,
    distance: s.distance,
    bearingDeg: s.bearingDeg,
    prefs: s.prefs,
    path: DEFAULT_SETTINGS.path,
    volume: DEFAULT_SETTINGS.volume,
  };
}

/** The identity of a timeline request (its fields in a fixed order). */
export function timelineKey(r: TimelineRequest): string {
  return JSON.stringify([r.setupId, r.motion ?? null, r.style ?? null, r.speed ?? 1, r.seed ?? 1, r.settings ?? null]);
}

/** Loads a motion's timeline (the engine's decisions under `request.settings`); the newest request wins. */
export async function loadTimeline(request: TimelineRequest): Promise<Timeline | null> {
  const key = timelineKey(request);
  const s = useGraph.getState();
  if (s.timeline?.key === key && s.timeline.value) return s.timeline.value;
  const generation = s.generation;
  useGraph.setState((st) => ({ timeline: { key, value: st.timeline?.value ?? null, error: null, noReverse: false } }));
  try {
    const value = await getBridge().getTimeline(request);
    if (!current(generation) || useGraph.getState().timeline?.key !== key) return null;
    useGraph.setState({ timeline: { key, value, error: null, noReverse: false } });
    return value;
  } catch (e) {
    if (current(generation) && useGraph.getState().timeline?.key === key)
      useGraph.setState({ timeline: { key, value: null, error: userError(e), noReverse: isNoReverseSequence(e) } });
    return null;
  }
}
