/** "Play as the game would": the latest plays of a sound type, each with the rolls the engine used. */
import { reasonText } from '../../../core/engine';
import { hex8 } from '../lib/format';
import { describeRolls } from '../lib/readouts';
import type { RollLogEntry } from '../state/rollsStore';

export function RollLog({ log }: { log: RollLogEntry[] }) {
  return (
    <>
      <h4>Plays (newest first)</h4>
      <ol className="rolllog" aria-label="Play log">
        {log.map(({ n, decision: d }) => (
          <li key={n}>
            <span className="muted">#{n} </span>
            {d.played ? (
              <span className="played">▶ {d.waveId !== null ? hex8(d.waveId) : ''}</span>
            ) : (
              <span className="silent">silent: {d.reason ? reasonText(d.reason, d.path, d.problem) : ''}</span>
            )}
            {' · '}
            {describeRolls(d).join(' · ')}
          </li>
        ))}
      </ol>
    </>
  );
}
