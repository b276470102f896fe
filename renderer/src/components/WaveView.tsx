/** A Wave: format details, lint, decode status (pitfall #2), waveform with cursor, and where it is used. */
import { useEffect, useMemo } from 'react';
import type { WaveInfo } from '../../../core/contract';
import { useDecodedWave } from '../audio/usePlayer';
import { fmtBytes, fmtHz, fmtSeconds, formatName, hex8, soundTypeLabel, tagHex } from '../lib/format';
import { loadWaveUsage, useDat } from '../state/datStore';
import { openExportDialog, setExportOptions } from '../state/exportStore';
import { useListener } from '../state/listenerStore';
import { auditionWave } from '../state/playback';
import { TableLink } from './WaveLink';
import { Waveform } from './Waveform';

export function WaveView({ id }: { id: number }) {
  const info = useDat((s) => s.waves.find((w) => w.id === id));
  useEffect(() => {
    void loadWaveUsage(id);
  }, [id]);
  return (
    <>
      <h2>
        Wave <span className="id">{hex8(id)}</span>
      </h2>
      {!info ? <p className="muted">This Wave is not in the open dat.</p> : <WaveBody info={info} />}
    </>
  );
}

function exportOriginal(): void {
  setExportOptions({ format: 'original', scope: 'selected' });
  void openExportDialog('selected');
}

function WaveBody({ info }: { info: WaveInfo }) {
  const mode = useListener((s) => s.mode);
  const decoded = useDecodedWave(info.error ? null : info.id, mode);
  const frameBytes = info.formatTag === 1 ? (info.channels * info.bitsPerSample) / 8 : null;
  const chName = info.channels === 1 ? 'mono' : info.channels === 2 ? 'stereo' : `${info.channels} ch`;
  const decodeError = info.error ?? (decoded?.status === 'error' ? decoded.message : null);
  return (
    <>
      <div className="toolrow">
        <span className="badge info">{formatName(info.formatTag)}</span>
        <span className="badge info">
          {fmtHz(info.sampleRate)} {chName} {info.bitsPerSample}-bit
        </span>
        {info.compressed && <span className="badge info">zlib in dat</span>}
        {info.warnings.length > 0 && <span className="badge warn">{info.warnings.length} lint warning{info.warnings.length === 1 ? '' : 's'}</span>}
        {decodeError ? (
          <span className="badge err" title={decodeError}>
            cannot decode · tag {tagHex(info.formatTag)}
          </span>
        ) : decoded?.status === 'ready' ? (
          <span className="badge ok">decodes</span>
        ) : null}
      </div>
      {decodeError && (
        <div className="decode-error" role="alert">
          <b>Cannot decode (format tag {tagHex(info.formatTag)}):</b> {decodeError}
          <div className="toolrow">
            <span>The raw bytes can still be exported.</span>
            <button type="button" className="btn small" onClick={exportOriginal}>
              Export original…
            </button>
          </div>
        </div>
      )}
      <dl className="facts">
        <dt>Format tag</dt>
        <dd>
          {tagHex(info.formatTag)} ({formatName(info.formatTag)})
        </dd>
        <dt>Channels</dt>
        <dd>
          {info.channels} ({chName})
        </dd>
        <dt>Sample rate</dt>
        <dd>{fmtHz(info.sampleRate)}</dd>
        <dt>Bits per sample</dt>
        <dd>{info.bitsPerSample}</dd>
        <dt>Block align</dt>
        <dd>
          {info.blockAlign} B{frameBytes !== null && frameBytes !== info.blockAlign ? ` (expected ${frameBytes})` : ''}
        </dd>
        <dt>Avg bytes/s</dt>
        <dd>{info.avgBytesPerSec.toLocaleString('en-US')} B/s</dd>
        <dt>Header size</dt>
        <dd>{info.headerSize} B</dd>
        <dt>Data size</dt>
        <dd>{fmtBytes(info.dataSize)}</dd>
        <dt>Frames</dt>
        <dd>{info.frames.toLocaleString('en-US')}</dd>
        <dt>Duration</dt>
        <dd>{fmtSeconds(info.durationSec)}</dd>
      </dl>
      {info.warnings.length > 0 && (
        <>
          <h4>Lint</h4>
          <ul className="warnings" aria-label="Lint warnings">
            {info.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </>
      )}
      <h4>Waveform {mode === 'retail' && info.formatTag !== 1 ? '(as retail plays it)' : ''}</h4>
      {decoded?.status === 'ready' ? (
        <>
          <Waveform waveId={info.id} audio={decoded.decoded.audio} onPlay={() => auditionWave(info.id)} />
          <p className="note">
            Plays at {fmtHz(decoded.decoded.audio.sampleRate)}, {decoded.decoded.audio.channels.length} ch,{' '}
            {(decoded.decoded.audio.channels[0]?.length ?? 0).toLocaleString('en-US')} frames ({fmtSeconds(decoded.decoded.durationSec)})
            {decoded.decoded.notes.length > 0 ? ' — ' + decoded.decoded.notes.join('; ') : ''}. Click the waveform or press <kbd>Space</kbd> to play it through
            the Listener.
          </p>
        </>
      ) : decoded?.status === 'loading' ? (
        <p className="muted">Decoding…</p>
      ) : (
        <p className="muted">No waveform: the wave does not decode.</p>
      )}
      <UsedBy id={info.id} />
    </>
  );
}

function UsedBy({ id }: { id: number }) {
  const usage = useDat((s) => s.usage[id]);
  const error = useDat((s) => s.usageErrors[id]);
  const tables = useDat((s) => s.soundTables);
  const labels = useMemo(() => new Map(tables.map((t) => [t.id, t.label])), [tables]);
  return (
    <>
      <h4>Used by</h4>
      {error ? (
        <div className="alert" role="alert">
          {error}
        </div>
      ) : !usage ? (
        <p className="muted">Loading…</p>
      ) : usage.length === 0 ? (
        <p className="muted">No SoundTable in this dat uses this Wave (it may be played directly by an animation hook or a UI script).</p>
      ) : (
        <ul className="usedby" aria-label="Used by">
          {usage.map((u, i) => (
            <li key={i}>
              <TableLink id={u.tableId} label={labels.get(u.tableId) ?? null} /> · {soundTypeLabel(u.name, u.soundType)} · entry {u.entryIndex}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
