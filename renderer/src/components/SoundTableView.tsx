/** A SoundTable: its sound types by name and hex, their entries, and the engine's play/roll tools. */
import { useEffect, useId, useMemo } from 'react';
import type { SoundTableDetail, SoundTypeData, WaveInfo } from '../../../core/contract';
import { GATE_SCALE, reasonText, type PlayDecision } from '../../../core/engine';
import { tablePathFor } from '../audio/requests';
import { fmtDb, fmtFloat, fmtPan, fmtPercent, fmtSeconds, formatName, hex8, soundTypeLabel } from '../lib/format';
import { loadSoundTable, useDat } from '../state/datStore';
import { useListener } from '../state/listenerStore';
import { playSoundType, reseed, rollSoundType } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { rollKey, useRolls, type Histogram, type RollLogEntry } from '../state/rollsStore';
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
      {detail.sounds.map((st, i) => (
        <SoundTypeCard key={`${st.soundType}:${i}`} tableId={detail.id} st={st} waveById={waveById} first={i === 0} />
      ))}
    </>
  );
}

function SoundTypeCard({ tableId, st, waveById, first }: { tableId: number; st: SoundTypeData; waveById: Map<number, WaveInfo>; first: boolean }) {
  const headingId = useId();
  const mode = useListener((s) => s.mode);
  const key = rollKey(tableId, st.soundType);
  const log = useRolls((s) => s.logs[key]);
  const histogram = useRolls((s) => s.histograms[key]);
  const n = st.entries.length;
  return (
    <section className="card" aria-labelledby={headingId}>
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

function HistogramTable({ name, h, st }: { name: string; h: Histogram; st: SoundTypeData }) {
  const silentTotal = Object.values(h.silent).reduce((a, b) => a + (b ?? 0), 0);
  const max = Math.max(1, ...h.rows, silentTotal);
  const bar = (count: number, silent = false) => <span className={'bar' + (silent ? ' silent' : '')} style={{ width: `${(count / max) * 120}px` }} />;
  return (
    <>
      <h4>
        Outcomes of {h.total} rolls <span className="muted">(seed {h.seed}, {h.mode}, {h.path}; no voices)</span>
      </h4>
      <table className="dense" aria-label={`Outcomes: ${name}`}>
        <thead>
          <tr>
            <th>Outcome</th>
            <th className="num">Count</th>
            <th className="num">Share</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {h.rows.map((c, i) => (
            <tr key={i}>
              <td>
                row {i} <span className="mono muted">{st.entries[i] ? hex8(st.entries[i].waveId) : ''}</span>
              </td>
              <td className="num mono">{c}</td>
              <td className="num mono">{fmtPercent(c / h.total)}</td>
              <td>{bar(c)}</td>
            </tr>
          ))}
          {Object.entries(h.silent).map(([reason, c]) => (
            <tr key={reason}>
              <td>silent: {reasonText(reason as Parameters<typeof reasonText>[0])}</td>
              <td className="num mono">{c}</td>
              <td className="num mono">{fmtPercent((c ?? 0) / h.total)}</td>
              <td>{bar(c ?? 0, true)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <b>silent (total)</b>
            </td>
            <td className="num mono">{silentTotal}</td>
            <td className="num mono">{fmtPercent(silentTotal / h.total)}</td>
            <td />
          </tr>
        </tbody>
      </table>
    </>
  );
}
