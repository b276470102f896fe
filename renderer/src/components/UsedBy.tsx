/**
 * "Used by": every reference of the sound graph to an object, as links (SoundTable rows,
 * Animations with their frame and the creatures they play in, PhysicsScripts, Setups, Region
 * ambient sets). Until the graph is ready, a Wave shows the SoundTable rows the lists already
 * know, and says the rest is coming.
 */
import { Fragment, useEffect, useMemo } from 'react';
import type { ObjectReference } from '../../../core/contract';
import { hex8, soundTypeLabel } from '../lib/format';
import { creaturesOfAnimation, referenceText } from '../lib/graphModel';
import { useDat } from '../state/datStore';
import { graphStopped, loadReferences, useGraph } from '../state/graphStore';
import { useWaveUsage } from '../state/listSelectors';
import { CreatureLink, EffectLink, RegionLink } from './GraphLinks';
import { GraphProgress } from './GraphProgress';
import { TableLink } from './WaveLink';
import { ErrorText } from './ErrorText';
import { useHost } from '../state/hostStore';

export function UsedBy({ id, what }: { id: number; what: 'wave' | 'table' | 'creature' | 'effect' }) {
  const ready = useGraph((s) => s.status?.state === 'ready' && s.creatures !== null);
  const stopped = useGraph(graphStopped);
  const refs = useGraph((s) => s.refs[id]);
  const error = useGraph((s) => s.refErrors[id]);
  // a stopped host is said once, by the app's banner
  const hostDown = useHost((s) => s.down !== null);
  useEffect(() => {
    if (ready) void loadReferences(id);
  }, [id, ready]);
  return (
    <section aria-label="Used by" className="usedby-section">
      <h4>Used by{refs ? ` (${refs.length})` : ''}</h4>
      {error && hostDown ? (
        <p className="muted">Not known: the host is not answering.</p>
      ) : error ? (
        <p className="err">
          <ErrorText error={error} />
        </p>
      ) : refs ? (
        refs.length === 0 ? (
          <p className="muted">
            Nothing in this dat names this {what === 'table' ? 'SoundTable' : what === 'wave' ? 'Wave' : what}.
          </p>
        ) : (
          <ul className="usedby">
            {refs.map((r, i) => (
              <li key={i}>
                <ReferenceRow r={r} />
              </li>
            ))}
          </ul>
        )
      ) : (
        <>
          {what === 'wave' && <ListedTableRows id={id} />}
          <p className="muted">
            {ready
              ? 'Loading…'
              : stopped === 'failed'
                ? 'Animations, scripts, creatures and regions are not known: the sound graph could not be built.'
                : 'Animations, scripts, creatures and regions appear when the sound graph is ready.'}{' '}
            <GraphProgress />
          </p>
        </>
      )}
    </section>
  );
}

/** The SoundTable rows naming a Wave, from the lists (known before the graph). */
function ListedTableRows({ id }: { id: number }) {
  const usage = useWaveUsage(id);
  const tables = useDat((s) => s.soundTables);
  const labels = useMemo(() => new Map(tables.map((t) => [t.id, t.label])), [tables]);
  if (usage.length === 0) return null;
  return (
    <ul className="usedby">
      {usage.map((u, i) => (
        <li key={i}>
          <TableLink id={u.tableId} label={labels.get(u.tableId) ?? null} /> · {soundTypeLabel(u.name, u.soundType)} ·
          entry {u.entryIndex}
        </li>
      ))}
    </ul>
  );
}

function ReferenceRow({ r }: { r: ObjectReference }) {
  const tables = useDat((s) => s.soundTables);
  const creatures = useGraph((s) => s.creatures);
  const effects = useGraph((s) => s.effects);
  const data = useGraph((s) => s.data);
  const text = referenceText(r);
  switch (r.kind) {
    case 'SoundTable':
      return (
        <>
          SoundTable <TableLink id={r.from} label={tables.find((t) => t.id === r.from)?.label ?? null} /> · {text}
        </>
      );
    case 'Animation': {
      const users = creaturesOfAnimation(data, creatures, r.from);
      return (
        <>
          Animation <span className="mono">{hex8(r.from)}</span> · {text}
          {users.length > 0 && (
            <>
              {' '}
              — in{' '}
              {users.map((c, i) => (
                <Fragment key={c.id}>
                  {i > 0 ? ', ' : ''}
                  <CreatureLink id={c.id} label={c.label} />
                </Fragment>
              ))}
            </>
          )}
        </>
      );
    }
    case 'PhysicsScript':
      return (
        <>
          PhysicsScript{' '}
          {effects?.some((e) => e.id === r.from) ? (
            <EffectLink id={r.from} />
          ) : (
            <span className="mono">{hex8(r.from)}</span>
          )}{' '}
          · {text}
        </>
      );
    case 'Setup': {
      const c = creatures?.find((x) => x.id === r.from);
      return (
        <>
          {c ? (
            <>
              Creature <CreatureLink id={c.id} label={c.label} />
            </>
          ) : (
            <>
              Setup <span className="mono">{hex8(r.from)}</span>
            </>
          )}{' '}
          · {text}
        </>
      );
    }
    case 'Region':
      return (
        <>
          Region{' '}
          {r.ambientSet === undefined ? (
            <span className="mono">{hex8(r.from)}</span>
          ) : (
            <RegionLink id={r.from} ambientSet={r.ambientSet} />
          )}{' '}
          · {text}
        </>
      );
    default:
      return (
        <>
          {r.kind} <span className="mono">{hex8(r.from)}</span>
          {text ? ` · ${text}` : ''}
        </>
      );
  }
}
