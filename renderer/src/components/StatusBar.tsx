/** Status bar (role status "Status"): counts, dat facts, export progress, errors. */
import { usePlayer } from '../audio/usePlayer';
import { fmtBytes } from '../lib/format';
import { useDat } from '../state/datStore';
import { summarizeExport, useExport } from '../state/exportStore';
import { ErrorText } from './ErrorText';
import { useHost } from '../state/hostStore';
import { GraphProgress } from './GraphProgress';

export function StatusBar() {
  const summary = useDat((s) => s.summary);
  const status = useDat((s) => s.status);
  const pending = useDat((s) => s.pendingPath);
  const countPending = useDat((s) => s.entryCountPending);
  const tables = useDat((s) => s.soundTables.length);
  const waves = useDat((s) => s.waves.length);
  const exportRunning = useExport((s) => s.running);
  const progress = useExport((s) => s.progress);
  const exportResult = useExport((s) => s.result);
  const exportError = useExport((s) => s.error);
  const ctxRate = usePlayer((s) => s.contextRate);
  // a failed open is said once, by its banner (with the dat still open and "Copy details"); a
  // failed play on the transport line just above, not again here; a stopped host by its banner
  const hostDown = useHost((s) => s.down !== null);
  const error = hostDown ? null : exportError;
  return (
    <div role="status" aria-label="Status" className="statusbar">
      {status === 'opening' ? <span>Opening {pending ?? 'the demo dat'}…</span> : null}
      {/* Counts only once a dat is listed: "0 SoundTables" while loading would read as an empty dat. */}
      {summary ? (
        <span>
          {tables} SoundTables · {waves} Waves
        </span>
      ) : status !== 'opening' ? (
        <span>No dat open</span>
      ) : null}
      {summary && (
        <span>
          {summary.format === 'eor' ? 'end-of-retail' : 'pre-ToD'} ·{' '}
          {summary.entryCount !== null
            ? `${summary.entryCount} entries`
            : countPending
              ? 'counting entries…'
              : 'entry count unknown'}{' '}
          · {summary.blockSize}-byte blocks · {fmtBytes(summary.fileSize)}
          {summary.iteration !== null ? ` · iteration ${summary.iteration}` : ''} · opened in{' '}
          {Math.round(summary.openMs)} ms
        </span>
      )}
      {summary && summary.warnings.length > 0 && (
        <span className="warn" title={summary.warnings.join('\n')}>
          ⚠ {summary.warnings.length === 1 ? summary.warnings[0] : `${summary.warnings.length} dat warnings`}
        </span>
      )}
      {summary && <GraphProgress compact />}
      {exportRunning && progress && (
        <span>
          exporting {progress.done}/{progress.total}
        </span>
      )}
      {!exportRunning && exportResult && <span>last export: {summarizeExport(exportResult)}</span>}
      {ctxRate !== null && <span>output {ctxRate.toLocaleString('en-US')} Hz</span>}
      {error && (
        <span className="err" title={error.text}>
          ⚠ <ErrorText error={error} />
        </span>
      )}
    </div>
  );
}
