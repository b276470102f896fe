/** The Creatures and Effects lists (issue #7): built from the sound graph once it is ready; until then its progress. */
import { useCallback, useMemo, useState } from 'react';
import type { CreatureInfo, EffectInfo } from '../../../core/contract';
import { fmtSeconds, hex8 } from '../lib/format';
import {
  creatureHookCount,
  creatureHookText,
  creatureMatchReasonsOf,
  filterCreatures,
  filterEffects,
  sortCreatures,
  sortEffects,
  type CreatureSortKey,
  type EffectSortKey,
} from '../lib/graphModel';
import { toggleSort, type SortState } from '../lib/sort';
import { graphStopped, useGraph } from '../state/graphStore';
import { openTarget, saveScroll, useNav } from '../state/navStore';
import { copyIds, idsToCopy } from '../state/idList';
import { useSearchDetails } from '../state/listSelectors';
import { GraphProgress } from './GraphProgress';
import { VirtualGrid, type Column } from './VirtualGrid';
import { lostRangeNote } from '../lib/lostRanges';
import { NO_REASONS } from '../lib/listModel';

/** The Creatures the search matches (unsorted), or null while the graph is not ready. */
export function useFilteredCreatures(): readonly CreatureInfo[] | null {
  const creatures = useGraph((s) => s.creatures);
  const data = useGraph((s) => s.data);
  const search = useNav((s) => s.search);
  const regex = useNav((s) => s.regex);
  const tables = useSearchDetails();
  return useMemo(
    () => (creatures ? filterCreatures(creatures, data, search, { regex }, tables) : null),
    [creatures, data, search, regex, tables],
  );
}

/** The Effects the search matches (unsorted), or null while the graph is not ready. */
export function useFilteredEffects(): readonly EffectInfo[] | null {
  const effects = useGraph((s) => s.effects);
  const search = useNav((s) => s.search);
  const regex = useNav((s) => s.regex);
  return useMemo(() => (effects ? filterEffects(effects, search, { regex }) : null), [effects, search, regex]);
}

function notReady(what: string): string {
  const s = useGraph.getState();
  if (s.error) return `The sound graph could not be read: ${s.error.text}`;
  if (s.status?.state === 'failed') return `The ${what} cannot be listed: the sound graph could not be built.`;
  if (s.status?.state === 'cancelled') return `The sound graph was cancelled: build it to list the ${what}.`;
  return `Reading the sound graph… the ${what} appear when it is ready.`;
}

/**
 * A reason as its pill shows it: an id first ("0x03000112 Animation"), so that when the column is
 * narrow the ellipsis cuts the kind, never the digits the user searched; a sound type as it is.
 */
function pillText(reason: string): string {
  const m = /^(\w+) (0x[0-9A-F]{8})$/.exec(reason);
  return m ? `${m[2]} ${m[1]}` : reason;
}

/**
 * The Creatures grid's columns; while the search keeps a creature for what its row does not show
 * (its MotionTable's or an Animation's id, a sound type of its SoundTable), the Label cell says
 * which ("Matched: Animation 0x03000013", "Matched: Speak1").
 */
function creatureColumns(
  why: ((c: CreatureInfo) => readonly string[]) | null,
): Column<CreatureInfo, CreatureSortKey>[] {
  return [
    { key: 'id', title: 'Id', width: '92px', className: 'mono', render: (c) => hex8(c.id) },
    {
      key: 'label',
      title: 'Label',
      width: 'minmax(60px, 1fr)',
      // the full label is the cell's title: a long one ends in the cell's ellipsis
      cellTitle: (c) => c.label ?? undefined,
      render: (c) => {
        const reasons = why?.(c) ?? NO_REASONS;
        if (reasons.length === 0) return c.label ?? <span className="muted">—</span>;
        const text = `Matched: ${reasons.join(', ')}`;
        // the label gives way first, then the pill ends in an ellipsis; the full text is its title
        // and accessible name (the Waves list's "Matched:" pill)
        return (
          <span className="label-cell creature-label">
            <span className="label-text">{c.label}</span>
            <span className="match-why" aria-label={text} title={text}>
              <span className="cue-chip">{pillText(reasons[0]!)}</span>
              {reasons.length > 1 && <span className="muted"> +{reasons.length - 1}</span>}
            </span>
          </span>
        );
      },
    },
    {
      key: 'soundTable',
      title: 'SoundTable',
      width: '92px',
      className: 'mono',
      render: (c) => (c.soundTable === null ? <span className="muted">—</span> : hex8(c.soundTable)),
    },
    {
      key: 'hooks',
      title: 'Hooks',
      name: 'Hooks that can play a sound',
      hint: 'hooks in its Animations that can play a sound: Sound, SoundTweaked and SoundTable hooks, and CallPES and DefaultScript hooks whose PhysicsScript plays one',
      width: '48px',
      align: 'right',
      className: 'num',
      cellTitle: creatureHookText,
      render: (c) => String(creatureHookCount(c)),
    },
  ];
}

export function CreatureGrid({ filtered }: { filtered: readonly CreatureInfo[] | null }) {
  const search = useNav((s) => s.search);
  const regex = useNav((s) => s.regex);
  const data = useGraph((s) => s.data);
  const tables = useSearchDetails();
  // why each row matched, for what the row does not show: worked out once per row (lib/graphModel)
  const why = useMemo(() => creatureMatchReasonsOf(data, search, { regex }, tables), [data, search, regex, tables]);
  const columns = useMemo(() => creatureColumns(why), [why]);
  const cursor = useNav((s) => s.cursor.creatures);
  const scroll = useNav((s) => s.scroll.creatures);
  const total = useGraph((s) => s.creatures?.length ?? 0);
  const lost = useGraph((s) => s.status?.warnings);
  useGraph((s) => graphStopped(s) ?? s.status?.state);
  const [sort, setSort] = useState<SortState<CreatureSortKey>>({ key: 'id', dir: 'asc' });
  const rows = useMemo(() => (filtered ? sortCreatures(filtered, sort) : []), [filtered, sort]);
  const onScroll = useCallback((o: number) => saveScroll('creatures', o), []);
  const empty = !filtered
    ? notReady('Creatures')
    : total === 0
      ? (lostRangeNote(lost, 'Setups', 'creatures') ??
        'This dat has no creatures (no Setup names a SoundTable or has sound hooks).')
      : rows.length === 0
        ? `No Creatures match “${search.trim()}”. Creatures match by id, label, SoundTable id, the whole id of their MotionTable or of one of their Animations, or a sound type of their SoundTable.`
        : '';
  return (
    <>
      {!filtered && <GraphProgress />}
      <VirtualGrid
        label="Creatures"
        idPrefix="cr"
        rows={rows}
        columns={columns}
        getId={(c) => c.id}
        sort={sort}
        onSort={(k) => setSort(toggleSort(sort, k))}
        cursor={cursor}
        onCursor={(id) => openTarget({ kind: 'creature', id })}
        onActivate={(id) => {
          openTarget({ kind: 'creature', id });
          (document.querySelector('[data-first-action]') as HTMLElement | null)?.focus();
        }}
        initialScroll={scroll}
        onScroll={onScroll}
        onCopy={() => void copyIds(idsToCopy(rows.map((r) => r.id)))}
        empty={empty}
      />
    </>
  );
}

const EFFECT_COLUMNS: Column<EffectInfo, EffectSortKey>[] = [
  { key: 'id', title: 'Id', width: '92px', className: 'mono', render: (e) => hex8(e.id) },
  {
    key: 'hooks',
    title: 'Hooks',
    width: '48px',
    align: 'right',
    className: 'num',
    render: (e) => String(e.soundHookCount),
  },
  {
    key: 'length',
    title: 'Length',
    // fixed like the others: a 1fr track right-aligned left a ~230 px gap after Hooks at 1366 px;
    // the row's spare width is after the last column, as in the other lists' number columns
    width: '76px',
    align: 'right',
    className: 'num',
    render: (e) => fmtSeconds(e.lengthSec),
  },
  {
    key: 'usedBy',
    title: 'Used by',
    width: '56px',
    align: 'right',
    className: 'num',
    render: (e) => String(e.usedBy),
  },
];

export function EffectGrid({ filtered }: { filtered: readonly EffectInfo[] | null }) {
  const search = useNav((s) => s.search);
  const cursor = useNav((s) => s.cursor.effects);
  const scroll = useNav((s) => s.scroll.effects);
  const total = useGraph((s) => s.effects?.length ?? 0);
  const lost = useGraph((s) => s.status?.warnings);
  useGraph((s) => graphStopped(s) ?? s.status?.state);
  const [sort, setSort] = useState<SortState<EffectSortKey>>({ key: 'id', dir: 'asc' });
  const rows = useMemo(() => (filtered ? sortEffects(filtered, sort) : []), [filtered, sort]);
  const onScroll = useCallback((o: number) => saveScroll('effects', o), []);
  const empty = !filtered
    ? notReady('Effects')
    : total === 0
      ? (lostRangeNote(lost, 'PhysicsScripts', 'effects') ??
        'This dat has no effects (no PhysicsScript has a sound hook).')
      : rows.length === 0
        ? `No Effects match “${search.trim()}”. Effects (PhysicsScripts) match by id.`
        : '';
  return (
    <>
      {!filtered && <GraphProgress />}
      <VirtualGrid
        label="Effects"
        idPrefix="fx"
        rows={rows}
        columns={EFFECT_COLUMNS}
        getId={(e) => e.id}
        sort={sort}
        onSort={(k) => setSort(toggleSort(sort, k))}
        cursor={cursor}
        onCursor={(id) => openTarget({ kind: 'effect', id })}
        onActivate={(id) => openTarget({ kind: 'effect', id })}
        initialScroll={scroll}
        onScroll={onScroll}
        onCopy={() => void copyIds(idsToCopy(rows.map((r) => r.id)))}
        empty={empty}
      />
    </>
  );
}
