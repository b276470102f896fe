/** A SoundTable: its sound types by name and hex, their entries, and the engine's play/roll tools. */
import { useEffect, useId, useMemo, useRef } from 'react';
import type { SoundTableDetail, SoundTypeData, WaveInfo } from '../../../core/contract';
import { GATE_SCALE, reasonText, type EngineMode, type PlayDecision } from '../../../core/engine';
import { tablePathFor } from '../audio/requests';
import { fmtDb, fmtFloat, fmtPan, fmtPercent, fmtSeconds, formatName, hex8, soundTypeLabel } from '../lib/format';
import { cueMatches } from '../lib/listModel';
import { loadSoundTable, useDat } from '../state/datStore';
import { useNav } from '../state/navStore';
import { useListener } from '../state/listenerStore';
import { playSoundType, reseed, rollSoundType } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { outcomeLines, rollKey, silentTotal, useRolls, type HistogramPair, type RollLogEntry } from '../state/rollsStore';
import { WaveLink } from './WaveLink';

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
          {error ?? info?.error}
        </div>
      ) : null}
      {!detail ? (
        !error && <p className="muted">Loading…</p>
      ) : (
        <TableBody detail={detail} waveById={waveById} />
      )}
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
  const cues = useMemo(() => new Set(cueMatches(detail, search)), [detail, search]);
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
          {effectivePath !== path ? ` (Listener path ${path} plays bare waves)` : ''}, mode <b>{mode}</b>, Listener placement.
        </span>
      </div>
      <div className="toolrow">
        <label className="check">
          Seed
          <input
            className="field"
            type="number"
            aria-label="Seed"
            value={seed}
            step={1}
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isInteger(v)) reseed(v);
            }}
          />
        </label>
        <button type="button" className="btn small" onClick={() => reseed(seed)} title="Restart the ran2 and rand() streams from the seed">
          Restart streams
        </button>
        <span className="note">ran2 picks the variant, CRT rand() rolls the probability gate; both seeded and replayable.</span>
      </div>
      {detail.rootEntries.length > 0 && (
        <p className="note">
          {detail.rootEntries.length} root entr{detail.rootEntries.length === 1 ? 'y' : 'ies'} (outside any sound type).
        </p>
      )}
      {detail.sounds.length === 0 && <p className="muted">This SoundTable has no sound types.</p>}
      <div ref={bodyRef}>
        {detail.sounds.map((st, i) => (
          <SoundTypeCard key={`${st.soundType}:${i}`} tableId={detail.id} st={st} waveById={waveById} first={i === 0} cue={cues.has(st) ? search.trim() : null} />
        ))}
      </div>
    </>
  );
}

function SoundTypeCard({ tableId, st, waveById, first, cue }: { tableId: number; st: SoundTypeData; waveById: Map<number, WaveInfo>; first: boolean; cue: string | null }) {
  const headingId = useId();
  const mode = useListener((s) => s.mode);
  const key = rollKey(tableId, st.soundType);
  const log = useRolls((s) => s.logs[key]);
  const histogram = useRolls((s) => s.histograms[key]);
  const n = st.entries.length;
  return (
    <section className={'card' + (cue !== null ? ' cue-match' : '')} aria-labelledby={headingId}>
      <div className="card-head">
        <h3 id={headingId}>{soundTypeLabel(st.name, st.soundType)}</h3>
        <span className="muted">
          {n} entr{n === 1 ? 'y' : 'ies'}
        </span>

        <span className="spacer" />
        <button
          type="button"
          className="btn small primary"
          aria-label={`Play as the game would: ${st.name}`}
          data-first-action={first ? '' : undefined}
          onClick={() => void playSoundType(tableId, st)}
        >
          ▶ Play as the game would
        </button>
        <button type="button" className="btn small" aria-label={`Roll 100 times: ${st.name}`} onClick={() => rollSoundType(tableId, st, 100)}>
          Roll 100 times
        </button>
      </div>
      <div className="card-body">
        {cue !== null && <p className="cue-note">Matches the search “{cue}”</p>}
        <table className="dense">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>Wave</th>
              <th>Format</th>
              <th className="num">Duration</th>
              <th className="num">Priority</th>
              <th className="num">
                <abbr title="Probability (the gate's threshold)">Prob.</abbr>
              </th>
              <th className="num">Volume</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {st.entries.map((e, i) => {
              const w = waveById.get(e.waveId);
              const unreachable = mode === 'retail' && n >= 2 && i === n - 1;
              return (
                <tr key={i} className={unreachable ? 'unreachable' : undefined}>
                  <td className="num mono">{i}</td>
                  <td>
                    {e.waveId === 0 ? <span className="muted mono">none (0)</span> : <WaveLink id={e.waveId} />}
                    {e.waveId !== 0 && !w && (
                      <span className="badge err" style={{ marginLeft: 4 }}>
                        missing
                      </span>
                    )}
                  </td>
                  <td>{w ? `${formatName(w.formatTag)} ${w.sampleRate} Hz ${w.channels} ch` : ''}</td>
                  <td className="num mono">{w ? fmtSeconds(w.durationSec) : ''}</td>
                  <td className="num mono">{fmtFloat(e.priority)}</td>
                  <td className="num mono" title={`gate passes when rand()·(1/32767) < ${fmtFloat(e.probability)}`}>
                    {fmtFloat(e.probability)}
                  </td>
                  <td className="num mono">{fmtFloat(e.volume)}</td>
                  <td>
                    {unreachable && (
                      <span className="badge info" title="unreachable in retail: retail picks trunc((n − 1)·U), so the last row is never chosen">
                        unreachable
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {log && log.length > 0 && <RollLog log={log} />}
        {histogram && <HistogramTable name={st.name} h={histogram} st={st} />}
      </div>
    </section>
  );
}

/** One line per "Play as the game would": each roll the engine used. */
export function describeRolls(d: PlayDecision): string[] {
  const parts: string[] = [];
  if (d.variantRoll !== null && d.variantCount !== null) {
    const formula = d.mode === 'retail' ? `trunc((${d.variantCount}−1)·U)` : `trunc(${d.variantCount}·U)`;
    parts.push(`ran2 U=${d.variantRoll.toFixed(8)} → ${formula} = row ${d.variantIndex ?? '—'}`);
  }
  if (d.gateRoll !== null && d.gateProbability !== null) {
    const x = d.gateRoll * GATE_SCALE;
    parts.push(`rand() k=${d.gateRoll} → k/32767=${x.toFixed(5)} ${d.gatePassed ? '<' : '≥'} p=${fmtFloat(d.gateProbability)} ${d.gatePassed ? 'pass' : 'fail'}`);
  }
  if (d.dB !== null) parts.push(`${fmtDb(d.dB)}, pan ${fmtPan(d.pan ?? 0)}`);
  if (d.slot !== null) parts.push(`slot ${d.slot}`);
  if (d.evicted) parts.push(`evicted slot ${d.evicted.slot} (${hex8(d.evicted.waveId)})`);
  return parts;
}

function RollLog({ log }: { log: RollLogEntry[] }) {
  return (
    <>
      <h4>Plays (newest first)</h4>
      <ol className="rolllog" aria-label="Play log">
        {log.map(({ n, decision: d }) => (
          <li key={n}>
            <span className="muted">#{n} </span>
            {d.played ? <span className="played">▶ {d.waveId !== null ? hex8(d.waveId) : ''}</span> : <span className="silent">silent: {d.reason ? reasonText(d.reason, d.path) : ''}</span>}
            {' · '}
            {describeRolls(d).join(' · ')}
          </li>
        ))}
      </ol>
    </>
  );
}

function HistogramTable({ name, h, st }: { name: string; h: HistogramPair; st: SoundTypeData }) {
  const lines = outcomeLines(h);
  const silent = { retail: silentTotal(h.retail), authored: silentTotal(h.authored) };
  const max = Math.max(1, ...lines.flatMap((l) => [l.retail, l.authored]), silent.retail, silent.authored);
  const n = st.entries.length;
  const modeHead = (m: EngineMode) => (
    <th colSpan={2} scope="colgroup" className={'num ' + (m === h.playing ? 'playing' : 'other')} title={m === h.playing ? 'the mode that plays' : 'the same seed in the other mode, for comparison'}>
      {m === 'retail' ? 'Retail' : 'Authored'}
      {m === h.playing ? ' ▶' : ''}
    </th>
  );
  const cells = (count: number, total: number) => (
    <>
      <td className="num mono">{count}</td>
      <td className="num mono">{fmtPercent(count / total)}</td>
    </>
  );
  const bars = (l: { retail: number; authored: number }, isSilent: boolean) => (
    <td aria-hidden="true">
      <div className="bars">
        <span className={'bar retail' + (isSilent ? ' silent' : '')} style={{ width: `${(l.retail / max) * 100}px` }} />
        <span className={'bar authored' + (isSilent ? ' silent' : '')} style={{ width: `${(l.authored / max) * 100}px` }} />
      </div>
    </td>
  );
  return (
    <>
      <h4>
        Outcomes of {h.retail.total} rolls{' '}
        <span className="muted">
          (seed {h.retail.seed} in both modes, {h.retail.path}, no voices)
        </span>
      </h4>
      <table className="dense histogram" aria-label={`Outcomes: ${name}`}>
        <thead>
          <tr>
            <td />
            {modeHead('retail')}
            {modeHead('authored')}
            <td />
          </tr>
          <tr>
            <th>Outcome</th>
            <th className="num">Count</th>
            <th className="num">Share</th>
            <th className="num">Count</th>
            <th className="num">Share</th>
            <th>
              <span className="bar retail legend" /> retail <span className="bar authored legend" /> authored
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const k = l.key;
            const isRow = k.kind === 'row';
            const neverInRetail = isRow && n >= 2 && k.index === n - 1;
            return (
              <tr key={isRow ? `r${k.index}` : `s${k.reason}`} className={l.differs ? 'differs' : undefined}>
                <td>
                  {isRow ? (
                    <>
                      row {k.index} <span className="mono muted">{st.entries[k.index] ? hex8(st.entries[k.index]!.waveId) : ''}</span>
                      {neverInRetail && (
                        <span className="badge info" style={{ marginLeft: 4 }} title="retail picks trunc((n − 1)·U): the last row is never chosen">
                          never in retail
                        </span>
                      )}
                    </>
                  ) : (
                    <>silent: {reasonText(k.reason)}</>
                  )}
                </td>
                {cells(l.retail, h.retail.total)}
                {cells(l.authored, h.authored.total)}
                {bars(l, !isRow)}
              </tr>
            );
          })}
          <tr className={silent.retail !== silent.authored ? 'differs' : undefined}>
            <td>
              <b>silent (total)</b>
            </td>
            {cells(silent.retail, h.retail.total)}
            {cells(silent.authored, h.authored.total)}
            <td />
          </tr>
        </tbody>
      </table>
    </>
  );
}
