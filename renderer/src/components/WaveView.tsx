/** A Wave: format details, lint, decode status (pitfall #2), waveform with cursor, and where it is used. */
import { codecFor } from '../../../core/codecs/registry';
import { Fragment, useMemo } from 'react';
import type { WaveInfo } from '../../../core/contract';
import { withName } from '../../../core/errors';
import { dataSizeText, lengthKnown } from '../../../core/index';
import { scanMpegStream } from '../../../core/objects';
import { useDecodedWave, useWaveObject } from '../audio/usePlayer';
import { fmtBitsDetail, fmtBytes, fmtHz, fmtSeconds, formatName, hex8, tagHex } from '../lib/format';
import {
  DATA_DURATION,
  gaplessRow,
  headerRows,
  isCompressed,
  mp3ExtensionRows,
  mpegStreamRows,
  type FactRow,
} from '../lib/waveFacts';
import {
  listingProblem,
  offersRawExport,
  problemLabel,
  problemText,
  rowProblem,
  type WaveProblem,
} from '../lib/waveProblem';
import { useDat } from '../state/datStore';
import { openExportDialog, setExportOptions } from '../state/exportStore';
import { useListener } from '../state/listenerStore';
import { NUDGE_STEP_LARGE_SEC, NUDGE_STEP_SEC } from '../audio/Player';
import { UsedBy } from './UsedBy';
import { Waveform } from './Waveform';
import { CopyDetails } from './ErrorText';

export function WaveView({ id }: { id: number }) {
  const info = useDat((s) => s.waves.find((w) => w.id === id));
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

function FactList({ label, rows }: { label: string; rows: FactRow[] }) {
  return (
    <dl className="facts" aria-label={label}>
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function WaveBody({ info }: { info: WaveInfo }) {
  const mode = useListener((s) => s.mode);
  const object = useWaveObject(info.error ? null : info.id);
  // the one playability rule (core/audio playable.ts) refuses it: said at once, never decoded
  const refused = useMemo(() => (info.error ? null : rowProblem(info)), [info]);
  const decoded = useDecodedWave(info.error || refused || object?.status === 'error' ? null : info.id, mode);
  const wave = object?.status === 'ready' ? object.value : null;
  const compressed = isCompressed({ wFormatTag: info.formatTag });
  const frameBytes = compressed ? null : (info.channels * info.bitsPerSample) / 8;
  const chName = info.channels === 1 ? 'mono' : info.channels === 2 ? 'stereo' : `${info.channels} ch`;
  const problem: WaveProblem | null = info.error
    ? listingProblem(info.error)
    : object?.status === 'error'
      ? object.problem
      : refused
        ? refused
        : decoded?.status === 'error'
          ? decoded.problem
          : null;
  const stream = useMemo(
    () => (wave && codecFor(wave.format.wFormatTag).mpegFrames ? scanMpegStream(wave.data) : null),
    [wave],
  );
  const firstFrame = stream?.first ?? null;
  // A codec with gapless rules (MP3): the listed duration is the data duration; the LAME tag's
  // gapless span is stated apart (docs/formats/codecs.md §6.2–6.3).
  const hasGapless = codecFor(info.formatTag).gapless !== undefined;
  const gapless = useMemo(() => (wave ? (codecFor(wave.format.wFormatTag).gapless?.(wave) ?? null) : null), [wave]);
  // A Wave that does not parse has no format block: show "—", never the listing's placeholder zeros.
  const rows: FactRow[] = info.error
    ? [
        'Format tag',
        'Channels',
        'Sample rate',
        'Bits per sample',
        'Block align',
        'Avg bytes/s',
        'Header size',
        'cbSize',
        'Data size',
        'Frames',
        'Duration',
      ].map((k) => [k, '—'])
    : [
        ['Format tag', withName(tagHex(info.formatTag), formatName(info.formatTag))],
        ['Channels', withName(String(info.channels), info.channels === 1 || info.channels === 2 ? chName : null)],
        ['Sample rate', fmtHz(info.sampleRate)],
        ['Bits per sample', fmtBitsDetail(info.formatTag, info.bitsPerSample)],
        [
          'Block align',
          `${info.blockAlign} B${frameBytes !== null && frameBytes !== info.blockAlign ? ` (expected ${frameBytes})` : ''}`,
        ],
        ['Avg bytes/s', `${info.avgBytesPerSec.toLocaleString('en-US')} B/s`],
        ...headerRows(info, wave),
        ['Data size', dataSizeText(info, fmtBytes)],
        ['Frames', lengthKnown(info) ? info.frames.toLocaleString('en-US') : '—'],
        [
          'Duration',
          !lengthKnown(info)
            ? '—'
            : hasGapless
              ? `${fmtSeconds(info.durationSec)} (${DATA_DURATION})`
              : fmtSeconds(info.durationSec),
        ],
      ];
  // The heading names the Wave: the problem's message does not repeat its id (classifyWaveError).
  const problemMessage = problem ? problem.message : '';
  return (
    <>
      <div className="toolrow">
        {!info.error && (
          <>
            <span className="badge info">{formatName(info.formatTag)}</span>
            <span className="badge info">
              {fmtHz(info.sampleRate)} {chName}
              {compressed ? (firstFrame ? ` ${firstFrame.bitrateKbps} kbit/s` : '') : ` ${info.bitsPerSample}-bit`}
            </span>
          </>
        )}
        {info.compressed && <span className="badge info">zlib in dat</span>}
        {info.warnings.length > 0 && (
          <span className="badge warn">
            {info.warnings.length} lint warning{info.warnings.length === 1 ? '' : 's'}
          </span>
        )}
        {problem?.kind === 'empty' ? (
          <span className="badge info">empty (0 samples)</span>
        ) : problem ? (
          <span className="badge err" title={problemText(problem)}>
            ⚠ {problemLabel(problem)}
          </span>
        ) : decoded?.status === 'ready' ? (
          <span className="badge ok">decodes</span>
        ) : null}
      </div>
      {problem?.kind === 'empty' && (
        <p role="status" className="note">
          {problem.message}: nothing to play. Its export writes a valid empty WAV.
        </p>
      )}
      {/* a stopped host is said once, by the app's banner: no box repeating it here */}
      {problem && problem.kind !== 'empty' && problem.kind !== 'host' && (
        <div className="decode-error" role="alert">
          <b>
            {problem.kind === 'decode'
              ? `Cannot decode (format tag ${tagHex(problem.formatTag ?? info.formatTag)})`
              : problemLabel(problem)}
            :
          </b>{' '}
          {problemMessage}
          <div className="toolrow">
            {offersRawExport(problem) ? (
              <>
                <span>The raw bytes can still be exported.</span>
                <button type="button" className="btn small" onClick={exportOriginal}>
                  Export original…
                </button>
              </>
            ) : (
              <span>
                {problem.kind === 'corrupt-wave'
                  ? 'The Wave object does not parse, so it cannot be played or exported.'
                  : 'Its bytes cannot be read from the dat, so it cannot be played or exported.'}
              </span>
            )}
            {problem.report !== undefined && <CopyDetails report={problem.report} />}
          </div>
        </div>
      )}
      <FactList label="Format" rows={rows} />
      {wave?.format.mp3 && (
        <>
          <h4>MPEGLAYER3WAVEFORMAT</h4>
          <FactList label="MP3 extension" rows={mp3ExtensionRows(wave.format.mp3)} />
        </>
      )}
      {stream && (
        <>
          <h4>MPEG stream</h4>
          <FactList
            label="MPEG stream"
            rows={[
              ...mpegStreamRows(stream),
              gaplessRow(gapless, info.frames, firstFrame?.sampleRate ?? info.sampleRate),
            ]}
          />
        </>
      )}
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
      <h4>Waveform {mode === 'retail' && codecFor(info.formatTag).acmConverted ? '(as retail plays it)' : ''}</h4>
      {decoded?.status === 'ready' ? (
        <>
          <Waveform waveId={info.id} audio={decoded.value.audio} />
          <p className="note">
            Plays at {fmtHz(decoded.value.audio.sampleRate)}, {decoded.value.audio.channels.length} ch,{' '}
            {(decoded.value.audio.channels[0]?.length ?? 0).toLocaleString('en-US')} frames (
            {fmtSeconds(decoded.value.durationSec)})
            {decoded.value.notes.length > 0 ? ' — ' + decoded.value.notes.join('; ') : ''}. Click or drag on the
            waveform to play from there (<kbd>←</kbd>/<kbd>→</kbd> move {NUDGE_STEP_SEC} s, <kbd>Shift</kbd>{' '}
            {NUDGE_STEP_LARGE_SEC} s, while it plays), or press <kbd>Space</kbd> to play it from the start, through the
            Listener.
          </p>
        </>
      ) : problem ? (
        <p className="muted">No waveform: {problemLabel(problem).toLowerCase()}.</p>
      ) : (
        <p className="muted">Decoding…</p>
      )}
      <UsedBy id={info.id} what="wave" />
    </>
  );
}
