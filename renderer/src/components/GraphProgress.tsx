/** The sound graph's background build: progress (objects read of total), Cancel, and "Build sound graph" after a cancel. */
import { buildGraph, cancelGraph, useGraph } from '../state/graphStore';
import { useHost } from '../state/hostStore';
import { ErrorText } from './ErrorText';

export function GraphProgress({ compact = false }: { compact?: boolean }) {
  const status = useGraph((s) => s.status);
  const error = useGraph((s) => s.error);
  // a stopped host is said once, by the app's banner (with its "Copy details"): here two words
  const hostDown = useHost((s) => s.down !== null);
  if (error && !compact && hostDown) return <span className="muted">Sound graph: host not answering</span>;
  if (error && !compact)
    return (
      <span className="err" title={error.text}>
        ⚠ <ErrorText prefix="Sound graph: " error={error} />
      </span>
    );
  if (!status) return compact ? null : <span className="muted">Sound graph: starting…</span>;
  if (status.state === 'building')
    return (
      <span className="graph-progress">
        Sound graph <progress aria-label="Sound graph progress" max={Math.max(1, status.total)} value={status.done} />{' '}
        {status.done}/{status.total || '…'}
        <button type="button" className="btn small" aria-label="Cancel sound graph" onClick={() => void cancelGraph()}>
          Cancel
        </button>
      </span>
    );
  if (status.state === 'failed' && compact)
    // the status bar: the button before the reason, so a long reason cannot push it off the window
    return (
      <span className="graph-failed" title={status.error?.message}>
        <span className="err">⚠ Sound graph failed</span>
        <button type="button" className="btn small" onClick={() => void buildGraph()}>
          Build sound graph
        </button>
        {status.error && <span className="graph-failed-reason">{status.error.message}</span>}
      </span>
    );
  if (status.state === 'cancelled' || status.state === 'failed')
    return (
      <span className="graph-progress">
        Sound graph {status.state === 'cancelled' ? 'cancelled' : `failed: ${status.error?.message ?? ''}`}
        <button type="button" className="btn small" onClick={() => void buildGraph()}>
          Build sound graph
        </button>
      </span>
    );
  if (status.state === 'ready')
    return compact ? (
      <span title={[`${status.done} objects read in ${status.buildMs ?? '?'} ms`, ...status.warnings].join('\n')}>
        sound graph {status.done} objects{status.errorCount > 0 ? ` · ⚠ ${status.errorCount} unreadable` : ''}
        {status.warnings.length > 0 ? ` · ⚠ ${status.warnings.length} id range(s) lost (truncated file)` : ''}
      </span>
    ) : null;
  return null;
}
