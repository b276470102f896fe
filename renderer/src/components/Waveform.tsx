/** Waveform of the decoded audio (min/max per pixel column, one lane per channel) with a playback cursor. */
import { useCallback, useEffect, useRef } from 'react';
import type { PcmAudio } from '../../../core/audio';
import { useAnimationFrame, usePlayer, usePlayerInstance } from '../audio/usePlayer';
import { columnEnvelope } from '../lib/envelope';

export function Waveform({ waveId, audio, onPlay }: { waveId: number; audio: PcmAudio; onPlay(): void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const player = usePlayerInstance();
  const playing = usePlayer((s) => s.playing);

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

  const tick = useCallback(() => {
    const el = cursorRef.current;
    if (!el) return;
    const pos = player.position();
    if (pos.waveId !== waveId || pos.duration <= 0) {
      el.style.display = 'none';
      return;
    }
    el.style.display = 'block';
    el.style.left = `${(pos.time / pos.duration) * 100}%`;
  }, [player, waveId]);
  useAnimationFrame(playing, tick);
  useEffect(() => {
    if (!playing && cursorRef.current) cursorRef.current.style.display = 'none';
  }, [playing]);

  return (
    <div style={{ position: 'relative' }}>
      <canvas
        ref={canvasRef}
        className="waveform"
        role="img"
        aria-label={`Waveform, ${audio.channels.length === 2 ? '2 channels (L, R)' : `${audio.channels.length} channel${audio.channels.length === 1 ? '' : 's'}`}, ${audio.sampleRate} Hz; click to audition`}
        onClick={onPlay}
      />
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
      <div
        ref={cursorRef}
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: 1,
          bottom: 1,
          width: 2,
          marginLeft: -1,
          background: 'var(--cursor)',
          display: 'none',
          pointerEvents: 'none',
        }}
      />
    </div>
  );
}
