/**
 * Bottom transport: ▶/■, player status, time, output meter, loop (not retail), auto-play,
 * audio-suspended notice. While a program runs (a soundscape) the status names it and ■ Stop
 * ends it with everything else, as Esc does (Player `stopAll`).
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { lengthKnown } from '../../../core/index';
import { useAnimationFrame, usePlayer, usePlayerInstance } from '../audio/usePlayer';
import { fmtClock, hex8 } from '../lib/format';
import { MUTED_TEXT } from '../lib/readouts';
import { useNav } from '../state/navStore';
import { useTableRow, useWaveRow } from '../state/listSelectors';
import { cannotPlayText, useOpenWaveProblem } from '../state/cannotPlay';
import { useHost } from '../state/hostStore';
import { CopyDetails } from './ErrorText';
import { resumeAudio, tableWaves, togglePlay } from '../state/playback';
import { PREVIEW_DB_MAX, PREVIEW_DB_MIN, setAutoPlay, setLoop, setPreviewDb, usePrefs } from '../state/prefsStore';

export function Transport() {
  const voicesPlaying = usePlayer((s) => s.playing);
  const program = usePlayer((s) => s.program);
  // a soundscape between two of its plays is still playing: Stop is offered and ends it
  const playing = voicesPlaying || program !== null;
  const currentWave = usePlayer((s) => s.currentWaveId);
  const loading = usePlayer((s) => s.loading);
  const suspended = usePlayer((s) => s.suspended);
  const lastSkip = usePlayer((s) => s.lastSkip);
  const lastWave = usePlayer((s) => s.lastDecision?.waveId ?? null);
  const voices = usePlayer((s) => s.activeVoices);
  const loop = usePrefs((s) => s.loop);
  const autoPlay = usePrefs((s) => s.autoPlay);
  const previewDb = usePrefs((s) => s.previewDb);
  const error = usePlayer((s) => s.error);
  const muted = usePlayer((s) => s.muted);
  const current = useNav((s) => s.current);
  const tableRow = useTableRow(current?.kind === 'table' ? current.id : null);
  const tableHasWave = tableWaves(tableRow).length > 0;
  // A Wave known not to play (listing error, or a read/parse/decode problem, or empty): Play is
  // disabled and says why (issue #10 defect 5) — in its title and description, and once on the line.
  const problem = useOpenWaveProblem();
  const cannotPlay =
    !playing && current?.kind === 'wave' && problem !== null ? cannotPlayText(current.id, problem) : null;
  // a stopped host is said once, by the app's banner: here only its two words
  const hostDown = useHost((st) => st.down !== null);
  const canPlay = cannotPlay === null && (playing || current?.kind === 'wave' || tableHasWave || currentWave !== null);
  const timeRef = useRef<HTMLSpanElement>(null);
  const meterRef = useRef<HTMLDivElement>(null);
  const fillRef = useRef<HTMLSpanElement>(null);
  const peakHold = useRef(0);

  const player = usePlayerInstance();
  const tick = useCallback(() => {
    // a program (a soundscape) shows its own elapsed time, not that of the Wave it plays now
    const running = player.getState().program;
    const pos = player.position();
    if (timeRef.current)
      timeRef.current.textContent = running
        ? `elapsed ${fmtClock(Math.max(0, player.clockSec() - running.startSec))}`
        : `${fmtClock(pos.time)} / ${fmtClock(pos.duration)}`;
    const p = player.peak();
    peakHold.current = Math.max(p, peakHold.current * 0.92);
    const v = peakHold.current;
    if (meterRef.current) {
      meterRef.current.setAttribute('aria-valuenow', v.toFixed(3));
      meterRef.current.setAttribute(
        'aria-valuetext',
        v > 0 ? `${(20 * Math.log10(v)).toFixed(1)} dBFS peak` : 'silent',
      );
    }
    if (fillRef.current) fillRef.current.style.width = `${Math.min(100, v * 100)}%`;
  }, [player]);
  useAnimationFrame(playing, tick);
  // the status names the newest voice and this clock is its position (Player `newestVoice`): when
  // the newest changes (a later voice of a Play motion starts, or ends before an older one), the
  // clock is written in the same commit as the name, not a frame later, so the two never disagree
  useLayoutEffect(() => {
    if (voicesPlaying) tick();
  }, [voicesPlaying, currentWave, voices, tick]);
  // stopped (or ended) with a Wave open: its start and its length, "0:00.000 / 0:02.475"
  const openWave = useWaveRow(current?.kind === 'wave' ? current.id : null);
  const idleLength = openWave && lengthKnown(openWave) ? openWave.durationSec : 0;
  useEffect(() => {
    if (playing) return;
    peakHold.current = 0;
    if (meterRef.current) {
      meterRef.current.setAttribute('aria-valuenow', '0');
      meterRef.current.setAttribute('aria-valuetext', 'silent');
    }
    if (fillRef.current) fillRef.current.style.width = '0%';
  }, [playing]);
  useLayoutEffect(() => {
    if (!playing && timeRef.current) timeRef.current.textContent = `${fmtClock(0)} / ${fmtClock(idleLength)}`;
  }, [playing, idleLength]);

  const statusText = playerStatusText({
    program: program?.label ?? null,
    playingWave: playing ? currentWave : null,
    voices,
    muted,
    hostDown,
    cannotPlay,
    error: error?.text ?? null,
    lastSkip,
    lastWave,
  });
  // the failed play's "Copy details" (a Wave that cannot play has it in its own view)
  const report = !playing && !hostDown && cannotPlay === null ? (error?.report ?? null) : null;
  const failed = !playing && (cannotPlay !== null || error !== null);

  return (
    <div className="transport">
      <button
        type="button"
        className="btn primary play"
        // the second click of a double-click (detail 2, 3…) is not a second toggle: users
        // double-click ▶, which would start the sound and stop it at once (keyboard: detail 0)
        onClick={(e) => {
          if (e.detail < 2) togglePlay();
        }}
        disabled={!canPlay}
        title={
          cannotPlay ??
          (current?.kind === 'table'
            ? 'Play/Stop (Space): a Wave of this SoundTable; Esc stops all'
            : 'Play/Stop (Space); Esc stops all')
        }
      >
        <span aria-hidden="true">{playing ? '■' : '▶'}</span> {playing ? 'Stop' : 'Play'}
      </button>
      {/* at most two lines, the second ending in an ellipsis: the whole text is the title (and
          "Copy details" beside a failed play's) — never a third line cut through its glyphs */}
      <div role="status" aria-label="Player" className={'player-status' + (failed ? ' err' : '')} title={statusText}>
        <span className="player-status-text">{statusText}</span>
      </div>
      {report !== null && <CopyDetails report={report} />}
      <span className="time" ref={timeRef} role="timer" aria-label="Position">
        {fmtClock(0)} / {fmtClock(0)}
      </span>
      <div
        ref={meterRef}
        role="meter"
        aria-label="Output level"
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={0}
        aria-valuetext="silent"
        className="meter"
      >
        <span ref={fillRef} />
      </div>
      <label
        className="check"
        title="Preview volume: a monitor control after the engine (not the game's sliders; exports ignore it); remembered"
      >
        Preview
        <input
          type="range"
          aria-label="Preview volume"
          min={PREVIEW_DB_MIN}
          max={PREVIEW_DB_MAX}
          step={1}
          value={previewDb}
          aria-valuetext={previewDb <= PREVIEW_DB_MIN ? 'silent' : `${previewDb} dB`}
          onChange={(e) => setPreviewDb(e.target.valueAsNumber)}
          style={{ width: 80 }}
        />
        <span className="num">{previewDb <= PREVIEW_DB_MIN ? 'off' : `${previewDb} dB`}</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={loop} onChange={(e) => setLoop(e.target.checked)} />
        Loop (not retail)
      </label>
      <label className="check" title="Play a Wave when it is selected in the list (remembered)">
        <input type="checkbox" checked={autoPlay} onChange={(e) => setAutoPlay(e.target.checked)} />
        Auto-play on select
      </label>
      {loading && <span className="muted">decoding…</span>}
      {suspended && (
        <button type="button" className="btn small" onClick={resumeAudio}>
          audio suspended — click to enable
        </button>
      )}
    </div>
  );
}

/**
 * The player status line. Never silently "Stopped": a failed play says why — once: a Wave that
 * cannot play says so instead of "Stopped — Cannot play …" beside "Cannot play …"; a play the
 * engine decided not to sound (inaudible, disabled, inactive…) says why in the same place, whole
 * (it wraps to a second line rather than being cut), so nothing after it moves.
 */
function playerStatusText(s: {
  /** The running program's label (a soundscape), or null. */
  program: string | null;
  /** The Wave playing, or null when nothing plays. */
  playingWave: number | null;
  voices: number;
  muted: boolean;
  hostDown: boolean;
  cannotPlay: string | null;
  error: string | null;
  lastSkip: string | null;
  lastWave: number | null;
}): string {
  const voicesText = s.voices > 1 ? ` · ${s.voices} voices` : '';
  const mutedText = s.muted ? ` (${MUTED_TEXT})` : '';
  if (s.program !== null) return `Playing ${s.program}${voicesText}${mutedText}`;
  if (s.playingWave !== null) return `Playing ${hex8(s.playingWave)}${voicesText}${mutedText}`;
  if (s.hostDown) return 'Stopped — host not answering';
  if (s.cannotPlay) return s.cannotPlay;
  if (s.error !== null) return `Stopped — ${s.error}`;
  if (s.lastSkip) return `No sound from ${s.lastWave !== null ? hex8(s.lastWave) : 'the last play'}: ${s.lastSkip}`;
  return 'Stopped';
}
