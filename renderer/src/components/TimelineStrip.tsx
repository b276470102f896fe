/**
 * A motion's timeline strip: a time axis in seconds, the AnimData spans (link / cycle), one mark
 * per sound hook at its time (shape by hook type, colour by direction; the sounds of PhysicsScripts
 * that CallPES hooks run included, the axis long enough for the last), each mark a link to the
 * Wave it plays; a playhead while the motion plays. An AnimData played backwards (negative
 * framerate: a reversed motion) is marked ◀; time still runs left to right.
 */
import { useRef, type MouseEvent } from 'react';
import type { Timeline, TimelineEvent } from '../../../core/contract';
import { useAnimationFrame } from '../audio/usePlayer';
import { hex8 } from '../lib/format';
import { navigateTo } from '../state/navStore';

const SHAPE: Record<TimelineEvent['hook'], string> = { Sound: 'circle', SoundTable: 'square', SoundTweaked: 'diamond' };

function ticks(duration: number): number[] {
  const steps = [0.05, 0.1, 0.25, 0.5, 1, 2, 5];
  const step = steps.find((s) => duration / s <= 8) ?? 10;
  const out: number[] = [];
  for (let t = 0; t <= duration + 1e-9; t += step) out.push(Number(t.toFixed(3)));
  return out;
}

export function TimelineStrip({
  timeline,
  playing,
  startedAt,
  repeatFrom,
}: {
  timeline: Timeline;
  playing: boolean;
  startedAt: number;
  repeatFrom: number | null;
}) {
  // a called PhysicsScript (CallPES) may sound after the motion's last AnimData ends
  const end = Math.max(timeline.duration, ...timeline.events.map((e) => e.t));
  const d = end > 0 ? end : 1;
  const pct = (t: number): string => `${Math.min(100, Math.max(0, (t / d) * 100))}%`;
  const head = useRef<HTMLDivElement>(null);
  useAnimationFrame(playing && startedAt > 0, () => {
    if (!head.current) return;
    let t = (performance.now() - startedAt) / 1000;
    if (repeatFrom !== null && t > d && d > repeatFrom) t = repeatFrom + ((t - repeatFrom) % (d - repeatFrom));
    head.current.style.left = pct(t);
  });
  const go = (e: MouseEvent, waveId: number): void => {
    e.preventDefault();
    navigateTo({ kind: 'wave', id: waveId });
  };
  return (
    <div className="timeline" role="group" aria-label={`Timeline of ${timeline.motionName}`}>
      <div className="timeline-lanes">
        {timeline.animations.map((a, i) => (
          <div
            key={i}
            className={`timeline-span ${a.role}`}
            style={{ left: pct(a.start), width: `${(a.duration / d) * 100}%` }}
            title={`${a.role} ${hex8(a.animation)}: frames ${a.lowFrame}–${a.highFrame}${a.framerate < 0 ? ' backwards' : ''} at ${Math.abs(a.framerate).toFixed(2)} fps, ${a.start.toFixed(3)}–${(a.start + a.duration).toFixed(3)} s`}
          >
            {a.framerate < 0 ? '◀ ' : ''}
            {a.role} {hex8(a.animation)}
          </div>
        ))}
        {timeline.events.map((e, i) => {
          const via = e.script === null ? '' : ` via PhysicsScript ${hex8(e.script)} at +${e.scriptTime!.toFixed(3)} s`;
          const what = `${e.t.toFixed(3)} s: frame ${e.frame}, ${e.hook}${e.name ? ` ${e.name}` : ''}, ${e.direction}${via}${e.waveId !== null ? ` → ${hex8(e.waveId)}` : ''}`;
          return e.waveId !== null ? (
            <a
              key={i}
              href={`#wave/${hex8(e.waveId)}`}
              className={`timeline-mark ${SHAPE[e.hook]} dir-${e.direction}`}
              style={{ left: pct(e.t) }}
              title={what}
              aria-label={what}
              onClick={(ev) => go(ev, e.waveId!)}
            />
          ) : (
            <span
              key={i}
              className={`timeline-mark ${SHAPE[e.hook]} dir-${e.direction}`}
              style={{ left: pct(e.t) }}
              title={what}
              role="img"
              aria-label={what}
            />
          );
        })}
        {playing && <div ref={head} className="timeline-playhead" aria-hidden="true" />}
      </div>
      <div className="timeline-axis" aria-hidden="true">
        {ticks(d).map((t) => (
          <span key={t} style={{ left: pct(t) }}>
            {t} s
          </span>
        ))}
      </div>
      <div className="timeline-legend note" aria-hidden="true">
        <span className="timeline-mark circle dir-Both legend" /> Sound{' '}
        <span className="timeline-mark square dir-Both legend" /> SoundTable{' '}
        <span className="timeline-mark diamond dir-Both legend" /> SoundTweaked · colour:{' '}
        <span className="dir-text-Both">Both</span> <span className="dir-text-Forward">Forward</span>{' '}
        <span className="dir-text-Backward">Backward</span>
      </div>
    </div>
  );
}
