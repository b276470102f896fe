/**
 * What the Creatures and Effects lists and the "Used by" views derive from the sound graph
 * (core/graph types, docs/sound-graph.md): each creature's Animations (search by Animation id),
 * the creatures an Animation plays in (the Wave ← Animation ← MotionTable ← Setup chain),
 * filtering and sorting. Pure, memoized by the identity of the graph data.
 */
import type { CreatureInfo, EffectInfo, ObjectReference, SoundGraphData } from '../../../core/contract';
import { hex8 } from './format';
import { NO_REASONS } from './listModel';
import { perRow } from './perRow';
import {
  matches,
  parseQuery,
  queryFilters,
  termMatches,
  termNamesId,
  termNamesSoundType,
  type SearchOptions,
  type SearchQuery,
  type SearchSoundType,
  type SearchTerm,
} from './search';
import { sortRows, type SortState } from './sort';

export type CreatureSortKey = 'id' | 'label' | 'soundTable' | 'hooks';
export type EffectSortKey = 'id' | 'hooks' | 'length' | 'usedBy';

interface Chains {
  /** Setup → the Animations of its MotionTable (and its default Animation). */
  animationsOf: Map<number, number[]>;
  /** Animation → the Setups whose MotionTable (or default Animation) names it, ascending. */
  setupsOf: Map<number, number[]>;
}

const chainsMemo = new WeakMap<SoundGraphData, Chains>();

/** The Setup ↔ Animation chains of a graph (built once per graph). */
export function graphChains(data: SoundGraphData): Chains {
  let c = chainsMemo.get(data);
  if (c) return c;
  const byTable = new Map(data.motionTables.map((m) => [m.id, m.animations]));
  const animationsOf = new Map<number, number[]>();
  const setupsOf = new Map<number, number[]>();
  for (const s of data.setups) {
    const anims = new Set(s.motionTable === null ? [] : (byTable.get(s.motionTable) ?? []));
    if (s.defaultAnimation !== null) anims.add(s.defaultAnimation);
    const list = [...anims].sort((a, b) => a - b);
    animationsOf.set(s.id, list);
    for (const a of list) {
      let arr = setupsOf.get(a);
      if (!arr) setupsOf.set(a, (arr = []));
      arr.push(s.id);
    }
  }
  c = { animationsOf, setupsOf };
  chainsMemo.set(data, c);
  return c;
}

/** The creatures (of `creatures`) an Animation plays in. */
export function creaturesOfAnimation(
  data: SoundGraphData | null,
  creatures: readonly CreatureInfo[] | null,
  animation: number,
): CreatureInfo[] {
  if (!data || !creatures) return [];
  const ids = new Set(graphChains(data).setupsOf.get(animation) ?? []);
  return creatures.filter((c) => ids.has(c.id));
}

/** What search needs of a creature's SoundTable: its sound types (lib/listModel `TableSoundsById` fits). */
export type CreatureTables = Readonly<Record<number, { sounds: readonly SearchSoundType[] } | undefined>>;

const NO_TABLES: CreatureTables = Object.freeze({});

/** The ids a creature names but its row does not show: its MotionTable's, then its Animations'. */
function hiddenIds(c: CreatureInfo, data: SoundGraphData | null): [string, number][] {
  return [
    ...(c.motionTable === null ? [] : [['MotionTable', c.motionTable] as [string, number]]),
    ...(data ? (graphChains(data).animationsOf.get(c.id) ?? []) : []).map((a): [string, number] => ['Animation', a]),
  ];
}

/** True if a term (read positively) matches what a creature's row shows: its id, label and SoundTable id. */
function matchesRow(t: SearchTerm, c: CreatureInfo): boolean {
  return (
    termMatches(t, c.id, [(c.label ?? '').toLowerCase()]) || (c.soundTable !== null && termMatches(t, c.soundTable, []))
  );
}

/**
 * The Creatures the search matches, in the lists' one language (lib/search): by what the row
 * shows — id and SoundTable id (any part of their digits), label —, by the whole id of its
 * MotionTable or of one of its Animations ("0x03000003", `termNamesId`: `12` is never
 * 0x03000112), or by a sound type its SoundTable defines (`tables`: "Speak1", `speak`, `0x0c`,
 * `12`; `termNamesSoundType`).
 */
export function filterCreatures(
  rows: readonly CreatureInfo[],
  data: SoundGraphData | null,
  query: string,
  options: SearchOptions = {},
  tables: CreatureTables = NO_TABLES,
): readonly CreatureInfo[] {
  const q = parseQuery(query, options);
  if (!queryFilters(q)) return rows;
  if (q.idList) return rows.filter((c) => matches(q, c.id, []));
  return rows.filter((c) => {
    const ids = hiddenIds(c, data);
    const sounds = c.soundTable === null ? [] : (tables[c.soundTable]?.sounds ?? []);
    // a term (or its exclusion, `-term`) applies to the row, the ids it names and its sound types
    return q.terms.every(
      (t) =>
        (matchesRow(t, c) ||
          ids.some(([, id]) => termNamesId(t, id)) ||
          sounds.some((st) => termNamesSoundType(t, st))) !== t.negate,
    );
  });
}

/**
 * Why the search (`q`, parsed, not an id list) keeps a creature, for what its row does not show
 * (its row shows the id, label and SoundTable id): the MotionTable or Animations a positive term
 * named, e.g. "Animation 0x03000012", and the sound types of its SoundTable it named ("Speak1").
 * Empty when the row shows every match.
 */
function reasonsOf(c: CreatureInfo, data: SoundGraphData | null, q: SearchQuery, tables: CreatureTables): string[] {
  const out: string[] = [];
  const add = (r: string): void => {
    if (!out.includes(r)) out.push(r);
  };
  const named = hiddenIds(c, data);
  const sounds = c.soundTable === null ? [] : (tables[c.soundTable]?.sounds ?? []);
  for (const t of q.terms) {
    if (t.negate || matchesRow(t, c)) continue;
    for (const [kind, id] of named) if (termNamesId(t, id)) add(`${kind} ${hex8(id)}`);
    for (const st of sounds) if (termNamesSoundType(t, st)) add(st.name);
  }
  return out;
}

/**
 * The "Matched:" reasons ({@link reasonsOf}) of each creature under one search, for the Creatures grid,
 * which asks it for each row it draws: the search is parsed once, and each row's reasons are
 * worked out once (kept by the row object), as the Waves grid's are (lib/listModel
 * `waveMatchReasonsOf`). Null when the search has no terms or is an id list (nothing to say).
 */
export function creatureMatchReasonsOf(
  data: SoundGraphData | null,
  query: string,
  options: SearchOptions = {},
  tables: CreatureTables = NO_TABLES,
): ((c: CreatureInfo) => readonly string[]) | null {
  const q = parseQuery(query, options);
  if (q.idList || q.terms.length === 0) return null;
  return perRow((c) => {
    const found = reasonsOf(c, data, q, tables);
    return found.length === 0 ? NO_REASONS : found;
  });
}

/** The Effects (PhysicsScripts) the search matches, by id. */
export function filterEffects(
  rows: readonly EffectInfo[],
  query: string,
  options: SearchOptions = {},
): readonly EffectInfo[] {
  const q = parseQuery(query, options);
  if (!queryFilters(q)) return rows;
  return rows.filter((e) => matches(q, e.id, []));
}

export function sortCreatures(rows: readonly CreatureInfo[], sort: SortState<CreatureSortKey>): CreatureInfo[] {
  const get = (c: CreatureInfo): unknown =>
    sort.key === 'id'
      ? c.id
      : sort.key === 'label'
        ? c.label
        : sort.key === 'soundTable'
          ? c.soundTable
          : creatureHookCount(c);
  return sortRows(rows, get, sort.dir);
}

/**
 * The Creatures list's "Hooks": the hooks in a creature's Animations that can play a sound —
 * its own Sound, SoundTweaked and SoundTable hooks and the CallPES / DefaultScript hooks whose
 * PhysicsScript plays one (core/graph `CreatureInfo`).
 */
export function creatureHookCount(c: Pick<CreatureInfo, 'soundHookCount' | 'scriptHookCount'>): number {
  return c.soundHookCount + c.scriptHookCount;
}

/** What {@link creatureHookCount} is made of, for its cell's tooltip: "4 sound hooks + 2 through scripts (CallPES, DefaultScript)". */
export function creatureHookText(c: Pick<CreatureInfo, 'soundHookCount' | 'scriptHookCount'>): string {
  const s = (n: number) => (n === 1 ? '' : 's');
  return `${c.soundHookCount} sound hook${s(c.soundHookCount)} (Sound, SoundTweaked, SoundTable) + ${c.scriptHookCount} script hook${s(c.scriptHookCount)} whose PhysicsScript plays a sound (CallPES, DefaultScript)`;
}

export function sortEffects(rows: readonly EffectInfo[], sort: SortState<EffectSortKey>): EffectInfo[] {
  const get = (e: EffectInfo): unknown =>
    sort.key === 'id' ? e.id : sort.key === 'hooks' ? e.soundHookCount : sort.key === 'length' ? e.lengthSec : e.usedBy;
  return sortRows(rows, get, sort.dir);
}

/** How a reference reads in a "Used by" list, apart from its links: "frame 3 · Sound hook", "row 2 of Wound1 (0x0C)"… */
export function referenceText(r: ObjectReference): string {
  const parts: string[] = [];
  if (r.frame !== undefined) parts.push(`frame ${r.frame}`);
  if (r.time !== undefined) parts.push(`at ${r.time.toFixed(3)} s`);
  if (r.hook) parts.push(`${r.hook} hook`);
  if (r.name !== undefined && r.soundType !== undefined)
    parts.push(`${r.name} (0x${r.soundType.toString(16).toUpperCase().padStart(2, '0')})`);
  if (r.entryIndex !== undefined) parts.push(`entry ${r.entryIndex}`);
  if (r.field)
    parts.push(
      r.field === 'soundTable' ? 'its SoundTable' : r.field === 'defaultScript' ? 'its default script' : r.field,
    );
  if (r.ambientSet !== undefined) parts.push(`ambient set ${r.ambientSet}`);
  return parts.join(' · ');
}
