/**
 * Waveform of the decoded audio (min/max per pixel column, one lane per channel) with a playhead,
 * and the seek control over it (issue #10; docs/ui-contract.md "Seek"): a `slider` "Playback
 * position" in seconds. A click or drag plays from that point (through the engine, like any play:
 * {@link seekWave}); while this wave sounds the playhead follows it and ←/→ nudge it by 0.5 s
 * (Shift: 2 s); stopped, ←/→/Home/End move the playhead and Enter or Space plays from it.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PcmAudio } from '../../../core/audio';
import { NUDGE_STEP_LARGE_SEC, NUDGE_STEP_SEC } from '../audio/Player';
import { useAnimationFrame, usePlayer, usePlayerInstance } from '../audio/usePlayer';
import { columnEnvelope } from '../lib/envelope';
import { fmtSeconds } from '../lib/format';
import { nudgePlayback, seekWave } from '../state/playback';

/** Pixels a pointer must move after pressing before the release seeks again (a drag, not a click). */
const DRAG_PX = 3;

export function Waveform({ waveId, audio }: { waveId: number; audio: PcmAudio }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sliderRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const descId = useId();
  const player = usePlayerInstance();
  const playing = usePlayer((s) => s.playing);
  const sounding = usePlayer((s) => s.playing && s.currentWaveId === waveId);
  const frames = audio.channels[0]?.length ?? 0;
  const duration = audio.sampleRate > 0 ? frames / audio.sampleRate : 0;
  // The playhead while stopped: where the next Enter/Space plays from (a click or a nudge sets it).
  const [mark, setMark] = useState(0);
  // While dragging: the position under the pointer (the playhead shows it) and where it went down.
  const drag = useRef<{ x: number; t: number; moved: boolean } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const draw = (): void => {
      const dpr = window.devicePixelRatio || 1;
      const w = Math.max(1, Math.floor(canvas.clientWidth * dpr));
      const h = Math.max(1, Math.floor(canvas.clientHeight * dpr));
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      if (!g) return;
      const css = getComputedStyle(canvas);
      const color = css.getPropertyValue('--wave').trim() || '#2f6fd6';
      const line = css.getPropertyValue('--grid-line').trim() || '#ccc';
      g.clearRect(0, 0, w, h);
      const lanes = audio.channels.length;
      const laneH = h / lanes;
      audio.channels.forEach((ch, lane) => {
        const mid = laneH * lane + laneH / 2;
        const amp = laneH / 2 - 2 * dpr;
        g.fillStyle = line;
        g.fillRect(0, Math.round(mid), w, Math.max(1, dpr));
        if (lane > 0) g.fillRect(0, Math.round(laneH * lane), w, Math.max(1, dpr));
        // A connected min/max envelope for any length (short waves are a line, not dots).
        const { lo, hi } = columnEnvelope(ch, w);
        g.fillStyle = color;
        const minH = Math.max(1, dpr);
        for (let x = 0; x < w; x++) {
          const y1 = mid - hi[x]! * amp;
          const y2 = mid - lo[x]! * amp;
          const hgt = Math.max(minH, y2 - y1);
          g.fillRect(x, y2 - y1 < minH ? (y1 + y2) / 2 - minH / 2 : y1, 1, hgt);
        }
      });
    };
    draw();
    const ro = new ResizeObserver(draw);
    ro.observe(canvas);
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    mq.addEventListener('change', draw);
    return () => {
      ro.disconnect();
      mq.removeEventListener('change', draw);
    };
  }, [audio]);

  /** Shows a position (seconds): the playhead line and the slider's value. */
  const paint = useCallback(
    (t: number, show: boolean) => {
      const time = Math.min(Math.max(0, t), duration);
      const el = cursorRef.current;
      if (el) {
        el.style.display = show ? 'block' : 'none';
        el.style.left = `${duration > 0 ? (time / duration) * 100 : 0}%`;
      }
      const s = sliderRef.current;
      if (s) {
        s.setAttribute('aria-valuenow', time.toFixed(3));
        s.setAttribute('aria-valuetext', `${fmtSeconds(time)} of ${fmtSeconds(duration)}`);
      }
    },
    [duration],
  );

  const tick = useCallback(() => {
    if (drag.current) return paint(drag.current.t, true);
    const pos = player.position();
    if (pos.waveId === waveId && pos.duration > 0) paint(pos.time, true);
    else paint(mark, mark > 0);
  }, [player, waveId, paint, mark]);
  useAnimationFrame(playing, tick);
  useEffect(() => {
    if (!playing) paint(mark, mark > 0);
  }, [playing, mark, paint]);

  const timeAt = (clientX: number): number => {
    const r = sliderRef.current!.getBoundingClientRect();
    return r.width > 0 ? Math.min(Math.max(0, (clientX - r.left) / r.width), 1) * duration : 0;
  };
  const seek = (t: number): void => {
    setMark(t);
    seekWave(waveId, t);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>): void => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const t = timeAt(e.clientX);
    drag.current = { x: e.clientX, t, moved: false };
    paint(t, true);
    seek(t);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    if (!d) return;
    if (Math.abs(e.clientX - d.x) >= DRAG_PX) d.moved = true;
    d.t = timeAt(e.clientX);
    paint(d.t, true);
  };
  const onPointerUp = (): void => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) seek(d.t);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const step = e.shiftKey ? NUDGE_STEP_LARGE_SEC : NUDGE_STEP_SEC;
    const move = (t: number): void => {
      const c = Math.min(Math.max(0, t), duration);
      if (sounding) seek(c);
      else setMark(c);
    };
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        const dir = e.key === 'ArrowRight' ? 1 : -1;
        if (sounding) nudgePlayback(dir, e.shiftKey);
        else move(mark + dir * step);
        break;
      }
      case 'Home':
        move(0);
        break;
      case 'End':
        move(duration);
        break;
      case 'Enter':
        seek(mark);
        break;
      case ' ':
        if (sounding) return; // Space stops (the window's handler)
        seek(mark);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  const chText =
    audio.channels.length === 2
      ? '2 channels (L, R)'
      : `${audio.channels.length} channel${audio.channels.length === 1 ? '' : 's'}`;
  return (
    <>
      <div
        ref={sliderRef}
        className="waveform-seek"
        role="slider"
        tabIndex={0}
        aria-label="Playback position"
        aria-valuemin={0}
        aria-valuemax={Number(duration.toFixed(3))}
        aria-describedby={descId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvasRef} className="waveform" aria-hidden="true" />
        {audio.channels.length > 1 &&
          audio.channels.map((_, i) => (
            <span
              key={i}
              className="lane-label"
              aria-hidden="true"
              style={{ top: `calc(${(i / audio.channels.length) * 100}% + 3px)` }}
            >
              {audio.channels.length === 2 ? (i === 0 ? 'L' : 'R') : `Ch ${i + 1}`}
            </span>
          ))}
        <div ref={cursorRef} className="playhead" aria-hidden="true" />
      </div>
      <span id={descId} hidden>
        Waveform, {chText}, {audio.sampleRate} Hz. Click or drag to play from a point; ←/→ move by {NUDGE_STEP_SEC} s
        (Shift {NUDGE_STEP_LARGE_SEC} s); Home/End; Enter plays from the playhead.
      </span>
    </>
  );
}
