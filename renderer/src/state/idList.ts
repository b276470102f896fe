/**
 * Ids in and out of the lists (issue #10 "Search"): a pasted list of ids selects those rows, and
 * Ctrl+C in a list copies the selected ids. What happened is told under the search box
 * (`NavState.listNotice`): how many ids were found and which were not.
 */
import { hex8 } from '../lib/format';
import { idLines } from '../lib/search';
import { visibleSelection } from '../lib/selection';
import { useDat } from './datStore';
import { useGraph } from './graphStore';
import { tablesById, wavesById } from './listSelectors';
import { openTarget, selectWaves, setListNotice, setTab, useNav } from './navStore';

/** What a pasted id list found, by list, in the pasted order. */
export interface PastedIds {
  waves: number[];
  soundTables: number[];
  creatures: number[];
  effects: number[];
  notFound: number[];
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The notice for a paste: "3 ids pasted: 3 found (2 Waves selected, 1 SoundTable), 0 not found". */
export function pastedIdsText(p: PastedIds, total: number): string {
  const parts: string[] = [];
  if (p.waves.length > 0) parts.push(`${plural(p.waves.length, 'Wave', 'Waves')} selected`);
  if (p.soundTables.length > 0) parts.push(plural(p.soundTables.length, 'SoundTable', 'SoundTables'));
  if (p.creatures.length > 0) parts.push(plural(p.creatures.length, 'Creature', 'Creatures'));
  if (p.effects.length > 0) parts.push(plural(p.effects.length, 'Effect', 'Effects'));
  const found = total - p.notFound.length;
  const missing = p.notFound.slice(0, 5).map(hex8).join(', ') + (p.notFound.length > 5 ? ', …' : '');
  return (
    `${plural(total, 'id', 'ids')} pasted: ${found} found${parts.length ? ` (${parts.join(', ')})` : ''}, ` +
    `${p.notFound.length} not found${p.notFound.length ? `: ${missing}` : ''}`
  );
}

/**
 * Selects the pasted ids (the search box then holds them as an id list, which shows exactly those
 * rows in every list): the Waves found become the Waves selection and the Waves list shows, its
 * first one open; else the first SoundTable (Creature, Effect) found opens in its list.
 */
export function selectPastedIds(ids: readonly number[]): PastedIds {
  const waves = wavesById(useDat.getState().waves);
  const tables = tablesById(useDat.getState().soundTables);
  const g = useGraph.getState();
  const creatures = new Set(g.creatures?.map((c) => c.id) ?? []);
  const effects = new Set(g.effects?.map((e) => e.id) ?? []);
  const p: PastedIds = { waves: [], soundTables: [], creatures: [], effects: [], notFound: [] };
  for (const id of ids) {
    if (waves.has(id)) p.waves.push(id);
    else if (tables[id]) p.soundTables.push(id);
    else if (creatures.has(id)) p.creatures.push(id);
    else if (effects.has(id)) p.effects.push(id);
    else p.notFound.push(id);
  }
  if (p.waves.length > 0) {
    setTab('waves');
    selectWaves(p.waves);
    openTarget({ kind: 'wave', id: p.waves[0]! });
  } else if (p.soundTables.length > 0) {
    setTab('soundTables');
    openTarget({ kind: 'table', id: p.soundTables[0]! });
  } else if (p.creatures.length > 0) {
    setTab('creatures');
    openTarget({ kind: 'creature', id: p.creatures[0]! });
  } else if (p.effects.length > 0) {
    setTab('effects');
    openTarget({ kind: 'effect', id: p.effects[0]! });
  }
  setListNotice(pastedIdsText(p, ids.length));
  return p;
}

/**
 * The ids Ctrl+C copies from the visible list: in the Waves list the selected Waves it shows (in
 * the list's order; lib/selection's rule — a selected row the search hides is not copied),
 * elsewhere the row under the cursor.
 */
export function idsToCopy(shownIds: readonly number[]): number[] {
  const nav = useNav.getState();
  if (nav.tab === 'waves' && nav.selectedWaves.length > 0) return visibleSelection(nav.selectedWaves, shownIds).ids;
  const cursor = nav.cursor[nav.tab];
  return cursor === null ? [] : [cursor];
}

/** Copies ids to the clipboard, one per line (`0x0A000012`), and says so under the search box. */
export async function copyIds(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await navigator.clipboard.writeText(idLines(ids));
    setListNotice(`Copied ${plural(ids.length, 'id', 'ids')} to the clipboard`);
  } catch {
    setListNotice('The clipboard refused the ids (the browser did not allow copying)');
  }
}
