/** A SoundTable: its sound types by name and hex, their entries, and the engine's play/roll tools. */
import { useEffect, useMemo, useRef } from 'react';
import type { SoundTableDetail, WaveInfo } from '../../../core/contract';
import { tablePathFor } from '../../../core/engine';
import { hex8 } from '../lib/format';
import { cueMatches } from '../lib/listModel';
import { loadSoundTable, useDat } from '../state/datStore';
import { useNav } from '../state/navStore';
import { useListener } from '../state/listenerStore';
import { reseed } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { SeedField } from './SeedField';
import { SoundTypeCard } from './SoundTypeCard';
import { UsedBy } from './UsedBy';
import { ErrorText } from './ErrorText';
import { userError } from '../../../core/errors';

export function SoundTableView({ id }: { id: number }) {
  const info = useDat((s) => s.soundTables.find((t) => t.id === id));
  const detail = useDat((s) => s.tableDetails[id]);
  const error = useDat((s) => s.tableErrors[id]);
  const waves = useDat((s) => s.waves);
  const waveById = useMemo(() => new Map(waves.map((w) => [w.id, w])), [waves]);
  useEffect(() => {
    void loadSoundTable(id);
  }, [id]);
  const label = detail?.label ?? info?.label ?? null;
  return (
    <>
      <h2>
        SoundTable <span className="id">{hex8(id)}</span>
        {label ? ` — ${label}` : ''}
      </h2>
      {error || info?.error ? (
        <div className="alert" role="alert">
          {error ? <ErrorText error={error} /> : info?.error ? <ErrorText error={userError(info.error)} /> : null}
        </div>
      ) : null}
      {!detail ? !error && <p className="muted">Loading…</p> : <TableBody detail={detail} waveById={waveById} />}
      <UsedBy id={id} what="table" />
    </>
  );
}

function TableBody({ detail, waveById }: { detail: SoundTableDetail; waveById: Map<number, WaveInfo> }) {
  const path = useListener((s) => s.path);
  const mode = useListener((s) => s.mode);
  const seed = usePrefs((s) => s.seed);
  const entryCount = detail.sounds.reduce((n, s) => n + s.entries.length, 0);
  const effectivePath = tablePathFor(path);
  // Browse by cue: a search naming sound types highlights their cards; the first is scrolled to
  // when the table opens (the SoundTables list showed that this table defines the cue).
  const search = useNav((s) => s.search);
  const regex = useNav((s) => s.regex);
  const cues = useMemo(() => new Set(cueMatches(detail, search, regex)), [detail, search, regex]);
  const firstCue = detail.sounds.findIndex((s) => cues.has(s));
  const bodyRef = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef<number | null>(null);
  useEffect(() => {
    if (firstCue < 0 || scrolledFor.current === detail.id) return;
    scrolledFor.current = detail.id;
    const card = bodyRef.current?.querySelectorAll<HTMLElement>('section.card')[firstCue];
    const pane = card?.closest<HTMLElement>('.detail');
    if (card && pane) pane.scrollTop += card.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;
  }, [detail.id, firstCue]);
  return (
    <>
      <dl className="facts">
        <dt>Sound types</dt>
        <dd>{detail.sounds.length}</dd>
        <dt>Entries</dt>
        <dd>{entryCount}</dd>
        <dt>Hash key</dt>
        <dd>{hex8(detail.hashKey)}</dd>
        <dt>Root entries</dt>
        <dd>{detail.rootEntries.length}</dd>
      </dl>
      <div className="toolrow">
        <span className="muted">
          Plays through path <b className="mono">{effectivePath}</b>
          {effectivePath !== path ? ` (Listener path ${path} plays bare waves)` : ''}, mode <b>{mode}</b>, Listener
          placement.
        </span>
      </div>
      <div className="toolrow">
        <label className="check">
          Seed
          <SeedField label="Seed" value={seed} onCommit={reseed} />
        </label>
        <button
          type="button"
          className="btn small"
          onClick={() => reseed(seed)}
          title="Restart the ran2 and rand() streams from the seed"
        >
          Restart streams
        </button>
        <span className="note">
          ran2 picks the variant, CRT rand() rolls the probability gate; both seeded and replayable.
        </span>
      </div>
      {detail.rootEntries.length > 0 && (
        <p className="note">
          {detail.rootEntries.length} root entr{detail.rootEntries.length === 1 ? 'y' : 'ies'} (outside any sound type).
        </p>
      )}
      {detail.sounds.length === 0 && <p className="muted">This SoundTable has no sound types.</p>}
      <div ref={bodyRef}>
        {detail.sounds.map((st, i) => (
          <SoundTypeCard
            key={`${st.soundType}:${i}`}
            tableId={detail.id}
            st={st}
            waveById={waveById}
            first={i === 0}
            cue={cues.has(st) ? search.trim() : null}
          />
        ))}
      </div>
    </>
  );
}
