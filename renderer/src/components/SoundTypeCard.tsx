/** One sound type of a SoundTable: its rows, "Play as the game would", "Roll 100 times", the play log and the histogram. */
import { useId } from 'react';
import type { SoundTypeData, WaveInfo } from '../../../core/contract';
import { unreachableInRetail } from '../../../core/engine';
import { lengthKnown } from '../../../core/index';
import { fmtFloat, fmtSeconds, formatName, soundTypeLabel } from '../lib/format';
import { useListener } from '../state/listenerStore';
import { playSoundType, rollSoundType } from '../state/playback';
import { rollKey, useRolls } from '../state/rollsStore';
import { HistogramTable } from './HistogramTable';
import { RollLog } from './RollLog';
import { WaveLink } from './WaveLink';

export function SoundTypeCard({
  tableId,
  st,
  waveById,
  first,
  cue,
}: {
  tableId: number;
  st: SoundTypeData;
  waveById: Map<number, WaveInfo>;
  first: boolean;
  cue: string | null;
}) {
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
        <button
          type="button"
          className="btn small"
          aria-label={`Roll 100 times: ${st.name}`}
          onClick={() => rollSoundType(tableId, st, 100)}
        >
          Roll 100 times
        </button>
      </div>
      <div className="card-body">
        {cue !== null && <p className="cue-note">Matches the search “{cue}”</p>}
        <table className="dense entries">
          {/* the same column widths in every card (styles.css "SoundTable card columns") */}
          <colgroup>
            <col className="index" />
            <col className="wave" />
            <col />
            <col className="duration" />
            <col className="priority" />
            <col className="probability" />
            <col className="volume" />
            <col className="note" />
          </colgroup>
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
              const unreachable = mode === 'retail' && unreachableInRetail(n, i);
              return (
                <tr key={i} className={unreachable ? 'unreachable' : undefined}>
                  <td className="num mono">{i}</td>
                  <td className="wraps">
                    {e.waveId === 0 ? <span className="muted mono">none (0)</span> : <WaveLink id={e.waveId} />}
                    {e.waveId !== 0 && !w && (
                      <span className="badge err" style={{ marginLeft: 4 }}>
                        missing
                      </span>
                    )}
                  </td>
                  <td className="wraps">{w ? `${formatName(w.formatTag)} ${w.sampleRate} Hz ${w.channels} ch` : ''}</td>
                  <td className="num mono">{w ? (lengthKnown(w) ? fmtSeconds(w.durationSec) : '—') : ''}</td>
                  <td className="num mono">{fmtFloat(e.priority)}</td>
                  <td className="num mono" title={`gate passes when rand()·(1/32767) < ${fmtFloat(e.probability)}`}>
                    {fmtFloat(e.probability)}
                  </td>
                  <td className="num mono">{fmtFloat(e.volume)}</td>
                  <td>
                    {unreachable && (
                      <span
                        className="badge info"
                        title="unreachable in retail: retail picks trunc((n − 1)·U), so the last row is never chosen"
                      >
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
