/** "Roll N times": retail and authored outcome counts side by side, from the same seed (core rollHistogram). */
import type { SoundTypeData } from '../../../core/contract';
import { reasonText, type EngineMode } from '../../../core/engine';
import { fmtPercent, hex8 } from '../lib/format';
import { outcomeLines, type HistogramPair } from '../state/rollsStore';

export function HistogramTable({ name, h, st }: { name: string; h: HistogramPair; st: SoundTypeData }) {
  const lines = outcomeLines(h);
  const silent = { retail: h.retail.silent, authored: h.authored.silent };
  const max = Math.max(1, ...lines.flatMap((l) => [l.retail, l.authored]), silent.retail, silent.authored);
  const modeHead = (m: EngineMode) => (
    <th
      colSpan={2}
      scope="colgroup"
      className={'num ' + (m === h.playing ? 'playing' : 'other')}
      title={m === h.playing ? 'the mode that plays' : 'the same seed in the other mode, for comparison'}
    >
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
        <span
          className={'bar authored' + (isSilent ? ' silent' : '')}
          style={{ width: `${(l.authored / max) * 100}px` }}
        />
      </div>
    </td>
  );
  return (
    <>
      <h4>
        Outcomes of {h.retail.times} rolls{' '}
        <span className="muted">
          (seed {h.seed} in both modes, {h.retail.path}, no voices)
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
            <th className="legend">
              <span className="legend-item">
                <span className="bar retail legend" /> retail
              </span>{' '}
              <span className="legend-item">
                <span className="bar authored legend" /> authored
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const k = l.key;
            const isRow = k.kind === 'row';
            const neverInRetail = isRow && (h.retail.unreachableInRetail[k.index] ?? false);
            return (
              <tr key={isRow ? `r${k.index}` : `s${k.reason}`} className={l.differs ? 'differs' : undefined}>
                <td className="wraps">
                  {isRow ? (
                    <>
                      row {k.index}{' '}
                      <span className="mono muted">{st.entries[k.index] ? hex8(st.entries[k.index]!.waveId) : ''}</span>
                      {neverInRetail && (
                        <span
                          className="badge info"
                          style={{ marginLeft: 4 }}
                          title="retail picks trunc((n − 1)·U): the last row is never chosen"
                        >
                          never in retail
                        </span>
                      )}
                    </>
                  ) : (
                    <>silent: {reasonText(k.reason)}</>
                  )}
                </td>
                {cells(l.retail, h.retail.times)}
                {cells(l.authored, h.authored.times)}
                {bars(l, !isRow)}
              </tr>
            );
          })}
          <tr className={silent.retail !== silent.authored ? 'differs' : undefined}>
            <td>
              <b>silent (total)</b>
            </td>
            {cells(silent.retail, h.retail.times)}
            {cells(silent.authored, h.authored.times)}
            <td />
          </tr>
        </tbody>
      </table>
    </>
  );
}
