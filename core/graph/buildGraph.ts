/**
 * Builds the sound graph of a dat (issue #7): reads every object of the six types (Setup,
 * Animation, MotionTable, PhysicsScript, PhysicsScriptTable, Region) once, keeps only their
 * references and sound hooks (./summarize.ts), and indexes every reference by the object it
 * names. SoundTable rows come from the dat index (already parsed at open), never re-read.
 * Rules: docs/sound-graph.md.
 */
import {
  ANIMATION_RANGE,
  MOTION_TABLE_RANGE,
  PHYSICS_SCRIPT_RANGE,
  PHYSICS_SCRIPT_TABLE_RANGE,
  REGION_RANGE,
  SETUP_RANGE,
} from '../dat/ranges';
import type { IdRange } from '../dat/ranges';
import type { DatEntry, DatFile, MissingSubtree } from '../dat';
import { errorToData, hex8 } from '../errors';
import {
  readAnimationHooks,
  parseMotionTable,
  parsePhysicsScript,
  parsePhysicsScriptTable,
  parseRegion,
  parseSetup,
} from '../objects';
import { forEachLimited } from '../index/limits';
import { missingText } from '../index/DatIndex';
import type { TableSounds } from '../index/references';
import { SoundGraph } from './SoundGraph';
import {
  summarizeAnimation,
  summarizeMotionTable,
  summarizePhysicsScript,
  summarizePhysicsScriptTable,
  summarizeRegion,
  summarizeSetup,
} from './summarize';

/** Thrown by {@link buildSoundGraph} when its signal aborts: the build stopped, nothing is kept. */
export class GraphCancelledError extends Error {
  override name = 'GraphCancelledError';
  constructor() {
    super('sound graph build cancelled');
  }
}

/** Options of {@link buildSoundGraph}. */
export interface BuildGraphOptions {
  /** The dat's SoundTables as listed (core/index rows): their rows become Wave references. */
  soundTables?: readonly TableSounds[];
  /** SoundTable id → label (creature labels come from their SoundTable's). */
  labels?: ReadonlyMap<number, string>;
  /** Aborts the build between objects ({@link GraphCancelledError}); an AbortSignal fits. */
  signal?: { readonly aborted: boolean };
  /** Called after the ranges are walked (done 0) and after each object read. */
  onProgress?: (done: number, total: number) => void;
  /** Objects read at the same time (default 8). */
  concurrency?: number;
}

/** One kind of object the graph reads: its id range and what to do with its bytes. */
interface Kind {
  /** The kind's plural, as a lost range's warning names it ("Setups 0x02000010–0x0200FFFF cannot be listed: …"). */
  name: string;
  range: IdRange;
  add: (graph: SoundGraph, id: number, bytes: Uint8Array) => void;
}

/** The six kinds, in the order their ranges are walked. */
const KINDS: readonly Kind[] = [
  { name: 'Setups', range: SETUP_RANGE, add: (g, id, b) => g.addSetup(summarizeSetup(id, parseSetup(b))) },
  {
    name: 'Animations',
    range: ANIMATION_RANGE,
    add: (g, id, b) => g.addAnimation(summarizeAnimation(id, readAnimationHooks(b))),
  },
  {
    name: 'MotionTables',
    range: MOTION_TABLE_RANGE,
    add: (g, id, b) => g.addMotionTable(summarizeMotionTable(id, parseMotionTable(b))),
  },
  {
    name: 'PhysicsScripts',
    range: PHYSICS_SCRIPT_RANGE,
    add: (g, id, b) => g.addPhysicsScript(summarizePhysicsScript(id, parsePhysicsScript(b))),
  },
  {
    name: 'PhysicsScriptTables',
    range: PHYSICS_SCRIPT_TABLE_RANGE,
    add: (g, id, b) => g.addPhysicsScriptTable(summarizePhysicsScriptTable(id, parsePhysicsScriptTable(b))),
  },
  { name: 'Regions', range: REGION_RANGE, add: (g, id, b) => g.addRegion(summarizeRegion(id, parseRegion(b))) },
];

/**
 * Builds the sound graph of `dat`: walks the six id ranges (B-tree range walks, dat-format §3.3),
 * then reads and parses each object (bounded concurrency), keeping its summary. An object that
 * fails to read or parse is recorded in `errors` with its entry id and the reader's message
 * (which names the offset); the rest still builds. Memory: the summaries and references only.
 * In a truncated file (the header declares more bytes than it has), a part of a range walk lost
 * with the missing tail is a warning in `warnings` naming the ids it could hold, worded as the
 * index's (core/index `missingText`: `Animations 0x03000010–0x0300FFFF cannot be listed: …`),
 * and every object whose entry is still there is read: the same rule as the listing's.
 * @throws DatFormatError when a B-tree node inside one of the six ranges is corrupt (the dat
 *   itself is unreadable there, not merely cut short); GraphCancelledError when `signal` aborts
 */
export async function buildSoundGraph(dat: DatFile, options: BuildGraphOptions = {}): Promise<SoundGraph> {
  const signal = options.signal;
  const check = (): void => {
    if (signal?.aborted) throw new GraphCancelledError();
  };
  check();
  const ks = KINDS;
  const lost: string[][] = ks.map(() => []);
  const walks = await Promise.all(
    ks.map((k, i) =>
      dat.entriesInRange(k.range.min, k.range.max, {
        onMissing: (m: MissingSubtree) => void lost[i]!.push(missingText(k.name, k.range, m)),
      }),
    ),
  );
  check();
  const work: { kind: Kind; entry: DatEntry }[] = [];
  ks.forEach((kind, i) => walks[i]!.forEach((entry) => work.push({ kind, entry })));
  const graph = new SoundGraph(options.labels ?? new Map());
  for (const w of lost.flat()) graph.addWarning(w);
  const total = work.length;
  let done = 0;
  options.onProgress?.(0, total);
  await forEachLimited(work, options.concurrency ?? 8, async ({ kind, entry }) => {
    check();
    try {
      kind.add(graph, entry.id >>> 0, await dat.readEntry(entry));
    } catch (e) {
      const error = errorToData(e);
      const id = hex8(entry.id);
      if (!error.message.includes(id)) error.message = `${id}: ${error.message}`;
      graph.addError({ id: entry.id >>> 0, error });
    }
    done++;
    options.onProgress?.(done, total);
  });
  check();
  graph.finish(options.soundTables ?? []);
  return graph;
}
