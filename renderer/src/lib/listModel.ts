/**
 * The lists' derived data: filtering by the search query and sorting by column. Pure, so the
 * components only memoize it.
 */
import { codecFor } from '../../../core/codecs/registry';
import type { SoundTableInfo, SoundTypeSummary, WaveInfo } from '../../../core/contract';
import { formatName } from './format';
import { passesQuickFilters, QUICK_FILTERS, type QuickFilter } from './quickFilters';
import type { KnownProblems } from './waveProblem';
import {
  matches,
  parseQuery,
  queryFilters,
  soundTypesNamed,
  termMatches,
  termMatchesText,
  termNamesSoundType,
  type SearchQuery,
  type SearchSoundType,
  type SearchTerm,
} from './search';
import { perRow } from './perRow';
import { sortRows, type SortState } from './sort';

/**
 * What filters a list: the search text (lib/search's language), its regular-expression mode and
 * the pressed format quick filters (lib/quickFilters). A bare string is a plain search.
 */
export interface ListFilter {
  search: string;
  regex: boolean;
  quick: readonly QuickFilter[];
}

const NO_QUICK: readonly QuickFilter[] = Object.freeze([]);

export function toListFilter(f: ListFilter | string): ListFilter {
  return typeof f === 'string' ? { search: f, regex: false, quick: NO_QUICK } : f;
}

/** The filter's parsed search. */
export function filterQuery(f: ListFilter | string): SearchQuery {
  const l = toListFilter(f);
  return parseQuery(l.search, { regex: l.regex });
}

/** True when the filter hides anything: search terms, an id list or a pressed quick filter. */
export function filterActive(f: ListFilter | string): boolean {
  const l = toListFilter(f);
  return l.quick.length > 0 || queryFilters(filterQuery(l));
}

export type TableSortKey = 'id' | 'label' | 'soundTypes' | 'entries' | 'usedBy';
export type WaveSortKey = 'id' | 'format' | 'rate' | 'channels' | 'bits' | 'duration' | 'size' | 'usedBy';

/** "Used by" counts of the sound graph by id (core/contract `UsedByCount`); null until the graph is ready. */
export type UsedByCounts = ReadonlyMap<number, number> | null;

/**
 * What search needs of a SoundTable: its label and sound types (names, rows' Wave ids). A listing
 * row (`SoundTableInfo`) and a `SoundTableDetail` both are one.
 */
export interface TableSounds {
  label: string | null;
  sounds: readonly SoundTypeSummary[];
}

/** SoundTables by id, for search. */
export type TableSoundsById = Readonly<Record<number, TableSounds>>;

/** One use of a Wave by a SoundTable row, as search sees it: the sound type, its table and label. */
export interface WaveUse extends SearchSoundType {
  table: number;
  label: string | null;
}

/** A Wave's uses ({@link waveUses}) and their tables' labels in lower case, for the search. */
export interface WaveUsage {
  uses: WaveUse[];
  labels: string;
}

const usageIndexes = new WeakMap<TableSoundsById, Map<number, WaveUsage>>();

/**
 * Per Wave: the sound types and tables that use it (each sound type once per table).
 * Built once per details snapshot (memoized by its identity), and only while a search needs it.
 */
export function waveUses(details: TableSoundsById): Map<number, WaveUsage> {
  const hit = usageIndexes.get(details);
  if (hit) return hit;
  const index = new Map<number, WaveUsage>();
  for (const [key, d] of Object.entries(details)) {
    const table = Number(key);
    for (const s of d.sounds) {
      for (const e of s.entries) {
        let u = index.get(e.waveId);
        if (!u) index.set(e.waveId, (u = { uses: [], labels: '' }));
        if (u.uses.some((x) => x.table === table && x.soundType === s.soundType)) continue;
        u.uses.push({ name: s.name, soundType: s.soundType, table, label: d.label });
        if (d.label) u.labels += ` ${d.label.toLowerCase()}`;
      }
    }
  }
  usageIndexes.set(details, index);
  return index;
}

const NO_USAGE: WaveUsage = { uses: [], labels: '' };

/**
 * The SoundTables the filter keeps: the search over id, label and sound types; with quick filters
 * pressed, only tables that play at least one Wave passing them all (`waves`: the Wave rows).
 */
export function filterTables(
  tables: readonly SoundTableInfo[],
  details: TableSoundsById,
  filter: ListFilter | string,
  waves: readonly WaveInfo[] = [],
  known?: KnownProblems,
): readonly SoundTableInfo[] {
  const f = toListFilter(filter);
  const q = filterQuery(f);
  const searching = queryFilters(q);
  if (!searching && f.quick.length === 0) return tables;
  let passing: Set<number> | null = null;
  if (f.quick.length > 0) {
    passing = new Set();
    for (const w of waves) if (passesQuickFilters(f.quick, w, known)) passing.add(w.id);
  }
  return tables.filter((t) => {
    if (passing && !t.sounds.some((s) => s.entries.some((e) => passing.has(e.waveId)))) return false;
    if (!searching) return true;
    return matches(q, t.id, [(t.label ?? '').toLowerCase()], details[t.id]?.sounds);
  });
}

/**
 * Browse by cue: the sound types of a table that the search names — a part of the name of 2 or
 * more characters ("wound" → Wound1, Wound2…) or the whole value ("0x0c", "12"; lib/search
 * `termNamesSoundType`, the rule the filter uses, so a table the search keeps for its sound types
 * always shows them). The SoundTables list shows them beside each table and the SoundTable view
 * highlights their cards.
 */
export function cueMatches<S extends SoundTypeSummary>(
  detail: { sounds: readonly S[] } | undefined,
  search: string,
  regex = false,
): S[] {
  if (!detail) return [];
  return soundTypesNamed(parseQuery(search, { regex }), detail.sounds);
}

/**
 * The {@link cueMatches} of each SoundTable under one search, for the SoundTables grid, which asks
 * it for each row it draws: the search is parsed once, and each row's cues are worked out once
 * (kept by the row object), as the Waves grid's reasons are ({@link waveMatchReasonsOf}).
 */
export function cueMatchesOf(
  details: TableSoundsById,
  search: string,
  regex = false,
): (t: SoundTableInfo) => readonly SoundTypeSummary[] {
  const query = parseQuery(search, { regex });
  return perRow((t) => {
    const detail = details[t.id];
    return detail ? soundTypesNamed(query, detail.sounds) : NO_CUES;
  });
}

const NO_CUES: readonly SoundTypeSummary[] = [];

export function sortTables(
  rows: readonly SoundTableInfo[],
  sort: SortState<TableSortKey>,
  usedBy: UsedByCounts = null,
): SoundTableInfo[] {
  const get = (t: SoundTableInfo): unknown => {
    switch (sort.key) {
      case 'usedBy':
        return usedBy?.get(t.id) ?? 0;
      case 'id':
        return t.id;
      case 'label':
        return t.label;
      case 'soundTypes':
        return t.soundTypeCount;
      case 'entries':
        return t.entryCount;
    }
  };
  return sortRows(rows, get, sort.dir);
}

const haystacks = new WeakMap<readonly WaveInfo[], string[]>();

/** The search text of every Wave of a list, built once per list (memoized by the array's identity). */
export function waveHaystacks(waves: readonly WaveInfo[]): string[] {
  let h = haystacks.get(waves);
  if (!h) {
    h = waves.map(waveHaystack);
    haystacks.set(waves, h);
  }
  return h;
}

/** The search text of a Wave's own row: what its columns and badges show, in words. */
export function waveHaystack(w: WaveInfo): string {
  return [
    formatName(w.formatTag).toLowerCase(),
    `${w.sampleRate}hz ${w.sampleRate} hz`,
    w.channels === 1 ? 'mono' : w.channels === 2 ? 'stereo' : `${w.channels}ch`,
    codecFor(w.formatTag).bitsAreSampleSize && w.bitsPerSample > 0 ? `${w.bitsPerSample}-bit` : '',
    w.warnings.length > 0 ? 'warning lint' : '',
    w.error ? 'error' : '',
  ].join(' ');
}

/**
 * What a Wave's row does not show but the search finds (the Census's filters): its header size
 * (`h18`, `h30`) and a compressed entry — each with the words the row shows when it matched.
 */
export function waveHiddenFacts(w: WaveInfo): { text: string; shown: string }[] {
  const out: { text: string; shown: string }[] = [];
  if (!w.error) out.push({ text: `h${w.headerSize}`, shown: `${w.headerSize}-byte header` });
  if (w.compressed) out.push({ text: 'compressed', shown: 'compressed' });
  return out;
}

/**
 * Why the search keeps a Wave, for what its row does not show (ui.md: users see why a row
 * matched): for each positive term (`terms`) that matches neither the id nor the row's own text
 * (`own`: its {@link waveHaystack}), the hidden fact it matched ("30-byte header", "compressed"),
 * the sound types that play the Wave and that it names ("Wound1"), or the labels of the tables
 * using it ("Drudge"). Empty when the row itself shows every match.
 */
function matchReasons(terms: readonly SearchTerm[], w: WaveInfo, usage: WaveUsage, own: string[]): string[] {
  const out: string[] = [];
  const add = (r: string): void => {
    if (!out.includes(r)) out.push(r);
  };
  for (const term of terms) {
    if (term.negate || termMatches(term, w.id, own)) continue;
    for (const f of waveHiddenFacts(w)) if (termMatchesText(term, f.text)) add(f.shown);
    for (const u of usage.uses) if (termNamesSoundType(term, u)) add(u.name);
    for (const u of usage.uses) if (u.label && termMatchesText(term, u.label.toLowerCase())) add(u.label);
  }
  return out;
}

/** The one empty list of "Matched:" reasons (a row its own text matches), shared by the lists and their model. */
export const NO_REASONS: readonly string[] = [];

/**
 * The "Matched:" reasons ({@link matchReasons}) of each Wave under one filter, for the Waves grid, which asks it
 * whether any row it lists shows a "Matched:" pill and again for each row it draws. A row whose
 * own text shows every positive term has none, and that cheap part is all it costs (no array
 * made); the reasons of the others are worked out once per row (kept by the row object). Null
 * when the filter has no search terms or is an id list (nothing to say).
 */
export function waveMatchReasonsOf(
  filter: ListFilter | string,
  details: TableSoundsById,
): ((w: WaveInfo) => readonly string[]) | null {
  const query = filterQuery(filter);
  if (query.terms.length === 0) return null;
  const positive = query.terms.filter((t) => !t.negate);
  const uses = waveUses(details);
  const hidden = perRow((w: WaveInfo) => matchReasons(positive, w, uses.get(w.id) ?? NO_USAGE, [waveHaystack(w)]));
  return (w) => {
    if (positive.length === 0) return NO_REASONS;
    if (positive.every((t) => termMatches(t, w.id, [waveHaystack(w)]))) return NO_REASONS;
    return hidden(w);
  };
}

/**
 * The Waves the filter keeps (all of them, the same array, when it hides nothing: no usage index
 * is built): the quick filters, then the search over id, format text and the usage by SoundTables.
 */
export function filterWaves(
  waves: readonly WaveInfo[],
  details: TableSoundsById,
  filter: ListFilter | string,
  known?: KnownProblems,
): readonly WaveInfo[] {
  const f = toListFilter(filter);
  const q = filterQuery(f);
  const searching = queryFilters(q);
  if (!searching && f.quick.length === 0) return waves;
  const hay = waveHaystacks(waves);
  const usage = searching ? waveUses(details) : null;
  return waves.filter((w, i) => {
    if (!passesQuickFilters(f.quick, w, known)) return false;
    if (!usage) return true;
    const u = usage.get(w.id) ?? NO_USAGE;
    const hidden = waveHiddenFacts(w)
      .map((x) => x.text)
      .join(' ');
    return matches(q, w.id, [hay[i]!, hidden, u.labels], u.uses);
  });
}

let shownMemo: {
  waves: readonly WaveInfo[];
  details: unknown;
  search: string;
  regex: boolean;
  quick: string;
  sort: SortState<WaveSortKey>;
  counts: UsedByCounts;
  known: KnownProblems | null;
  result: WaveInfo[];
} | null = null;

/**
 * The Waves list as shown: filtered by the search, sorted by the column. The one selector of the
 * Waves list and the Export dialog's "Waves shown in the list", memoized on its inputs (the
 * details count only while the search has terms).
 */
export function shownWaves(
  waves: readonly WaveInfo[],
  details: TableSoundsById,
  filter: ListFilter | string,
  sort: SortState<WaveSortKey>,
  usedBy: UsedByCounts = null,
  known?: KnownProblems,
): WaveInfo[] {
  const f = toListFilter(filter);
  const searching = queryFilters(filterQuery(f));
  const counts = sort.key === 'usedBy' ? usedBy : null;
  const key = {
    waves,
    details: searching ? details : null,
    search: searching ? f.search : '',
    regex: searching && f.regex,
    quick: f.quick.join(','),
    sort,
    counts,
    // a failed read matters only to Has warnings
    known: f.quick.includes('warnings') ? (known ?? null) : null,
  };
  const m = shownMemo;
  if (
    m &&
    m.waves === key.waves &&
    m.details === key.details &&
    m.search === key.search &&
    m.regex === key.regex &&
    m.quick === key.quick &&
    m.sort.key === sort.key &&
    m.sort.dir === sort.dir &&
    m.counts === counts &&
    m.known === key.known
  )
    return m.result;
  const result = sortWaves(filterWaves(waves, details, f, known), sort, counts);
  shownMemo = { ...key, result };
  return result;
}

export function sortWaves(
  rows: readonly WaveInfo[],
  sort: SortState<WaveSortKey>,
  usedBy: UsedByCounts = null,
): WaveInfo[] {
  const get = (w: WaveInfo): unknown => {
    switch (sort.key) {
      case 'usedBy':
        return usedBy?.get(w.id) ?? 0;
      case 'id':
        return w.id;
      case 'format':
        return w.formatTag;
      case 'rate':
        return w.sampleRate;
      case 'channels':
        return w.channels;
      case 'bits':
        return w.bitsPerSample;
      case 'duration':
        return w.durationSec;
      case 'size':
        return w.dataBytes; // what the Size column shows: the bytes present (core/index waveDataSize)
    }
  };
  return sortRows(rows, get, sort.dir);
}

/**
 * What a list's count is under the search: the rows shown of how many, or — for a list made from
 * the sound graph (Creatures, Effects) before it is ready — why there is no count: the graph is
 * being read, failed, or was cancelled. A count derived from an absent graph is never 0.
 */
export type ShownCount = { shown: number; total: number } | { unknown: 'reading' | 'failed' | 'cancelled' };

/**
 * The line under the search: "27 Waves", "7 of 27 Waves shown", or why the count is not known —
 * "Creatures: not counted yet (reading the sound graph…)", "Creatures: count not known (the sound
 * graph could not be built)", "… (the sound graph was cancelled)". Never "0 Creatures" for a graph
 * that is not there.
 */
export function shownCountText(count: ShownCount, what: string): string {
  if ('unknown' in count) {
    if (count.unknown === 'reading') return `${what}: not counted yet (reading the sound graph…)`;
    return `${what}: count not known (the sound graph ${count.unknown === 'failed' ? 'could not be built' : 'was cancelled'})`;
  }
  return count.shown === count.total ? `${count.total} ${what}` : `${count.shown} of ${count.total} ${what} shown`;
}

/** A tab's count: "3", or "2 / 3" while the search filters the list. */
export function tabCountText(shown: number, total: number, filtering: boolean): string {
  return filtering && shown !== total ? `${shown} / ${total}` : String(total);
}

/** Why a list is empty (ui.md: an empty result says why), or '' when it is not. */
export function emptyListText(
  total: number,
  shown: number,
  what: 'SoundTables' | 'Waves',
  filter: ListFilter | string,
  status: string,
): string {
  if (status === 'opening') return 'Opening…';
  if (total === 0) return status === 'ready' ? `This dat has no ${what}.` : 'No dat is open.';
  if (shown === 0) {
    const f = toListFilter(filter);
    const chips = f.quick.map((k) => QUICK_FILTERS.find((q) => q.key === k)?.label ?? k).join(', ');
    const search = f.search.trim();
    const hint = `Ids match with or without 0x; ${what === 'SoundTables' ? 'sound types match by name or value' : 'also try a format, rate or sound type'}.`;
    if (search.length === 0) return `No ${what} pass the quick filters (${chips}).`;
    return `No ${what} match “${search}”${chips ? ` with the quick filters (${chips})` : ''}. ${hint}`;
  }
  return '';
}
