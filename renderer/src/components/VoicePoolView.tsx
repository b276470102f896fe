/** The shared 16-voice pool (table "Voice pool", 16 rows): wave, path and time left per slot, the cursor, drops and evictions. */
import { useEffect, useState } from 'react';
import { VOICE_COUNT, type PoolSnapshot } from '../../../core/engine';
import { usePlayer, usePlayerInstance } from '../audio/usePlayer';
import { hex8 } from '../lib/format';
import { useListener } from '../state/listenerStore';
import { useTableRow } from '../state/listSelectors';
import { useNav } from '../state/navStore';
import { fireVoices, resetVoicePool, subjectWaveOf } from '../state/playback';

function usePoolSnapshot(): PoolSnapshot {
  const player = usePlayerInstance();
  const version = usePlayer((s) => s.poolVersion);
  const [snap, setSnap] = useState<PoolSnapshot>(() => player.poolSnapshot());
  useEffect(() => {
    setSnap(player.poolSnapshot());
    const t = window.setInterval(() => {
      const s = player.poolSnapshot();
      setSnap((prev) => (prev.busy === 0 && s.busy === 0 && prev.cursor === s.cursor ? prev : s));
    }, 100);
    return () => window.clearInterval(t);
  }, [player, version]);
  return snap;
}

function Cols() {
  return (
    <colgroup>
      <col style={{ width: 36 }} />
      <col style={{ width: 84 }} />
      <col />
      <col style={{ width: 40 }} />
      <col style={{ width: 62 }} />
    </colgroup>
  );
}

export function VoicePoolView() {
  const snap = usePoolSnapshot();
  const events = usePlayer((s) => s.poolEvents);
  const mode = useListener((s) => s.mode);
  // Derived from what this view subscribes to, so it follows a Wave opened by click or arrow key at once.
  const current = useNav((s) => s.current);
  const tableRow = useTableRow(current?.kind === 'table' ? current.id : null);
  const last = usePlayer((s) => s.currentWaveId);
  const subject = subjectWaveOf(current, tableRow, last);
  const fire = (): void => {
    if (subject !== null) void fireVoices(subject, 20);
  };
  return (
    <>
      <div className="toolrow">
        <span className="muted">
          {snap.busy}/{VOICE_COUNT} busy · cursor {snap.cursor}
        </span>
        <span style={{ flex: 1 }} />
        <button
          type="button"
          className="btn small"
          onClick={fire}
          disabled={subject === null}
          aria-describedby={subject === null ? 'fire-reason' : undefined}
          title={
            subject === null
              ? 'Open a Wave (or a SoundTable that names one) to fire it'
              : `Fires ${hex8(subject)} 20 times at once with rising DAT priority: retail drops the 17th and later, authored evicts lower priorities`
          }
        >
          Fire 20 voices
        </button>
        <button type="button" className="btn small" onClick={resetVoicePool}>
          Reset pool
        </button>
      </div>
      {subject === null && (
        <p id="fire-reason" className="note">
          Fire 20 voices: open a Wave (or a SoundTable that names one) first.
        </p>
      )}
      <div aria-hidden="true" className="pool-head">
        <table className="pool">
          <Cols />
          <thead>
            <tr>
              <th>Slot</th>
              <th>Wave</th>
              <th>Path</th>
              <th style={{ textAlign: 'right' }} title="Priority recorded in the slot (always 0 in retail)">
                Prio
              </th>
              <th style={{ textAlign: 'right' }}>Time left</th>
            </tr>
          </thead>
        </table>
      </div>
      <table className="pool" aria-label="Voice pool">
        <Cols />
        <tbody>
          {snap.slots.map((s) => (
            <tr key={s.slot} className={(s.playing ? 'busy' : '') + (s.slot === snap.cursor ? ' cursor' : '')}>
              <td title={s.slot === snap.cursor ? 'ring cursor' : undefined}>
                {s.slot === snap.cursor ? '▸' : ' '}
                {s.slot}
              </td>
              <td>{s.voice ? hex8(s.voice.waveId) : '—'}</td>
              <td>{s.voice ? (s.voice.path ?? '') + (s.playing ? '' : ' (done)') : ''}</td>
              <td style={{ textAlign: 'right' }}>{s.voice ? Number(s.voice.priority.toFixed(3)) : ''}</td>
              <td style={{ textAlign: 'right' }}>
                {s.voice ? (s.timeLeftSec > 1e5 ? 'loop' : `${s.timeLeftSec.toFixed(2)} s`) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="note">
        {mode === 'retail'
          ? 'Retail: every voice records priority 0, so the 17th concurrent sound is dropped; finished voices are reclaimed lazily.'
          : 'Authored: when all 16 are busy, the first voice (from the cursor) with a strictly lower DAT priority is evicted.'}
      </p>
      {events.length > 0 && (
        <ul className="pool-events" aria-label="Pool events">
          {events.map((e, i) => (
            <li key={`${e.at}-${i}`} className={e.kind}>
              {e.text}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
