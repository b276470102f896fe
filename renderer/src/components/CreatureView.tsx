/**
 * A creature (a Setup that makes sounds, issue #7): its SoundTable, its MotionTable's motions that
 * make sounds (forward, or only in reverse: those start with Reverse checked; docs/sound-graph.md
 * §3 step 1), and for the chosen motion a timeline strip and its sound events (the engine's
 * decisions under the Listener), with Play motion (speed, forward or reversed — a negative speed,
 * as the game plays a walk backwards, firing the Backward and Both hooks; cyclic motions can repeat).
 */
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CreatureDetail, CreatureMotion, Timeline, TimelineScriptCall } from '../../../core/contract';
import { DEFAULT_SETTINGS, reasonText } from '../../../core/engine';
import { MOTION_SPEED_MAX, MOTION_SPEED_MIN, motionSpeedProblem } from '../../../core/graph/motionSpeed';
import { noReverseSequenceText, reversibleNames } from '../../../core/graph/reversePlay';
import { usePlayer } from '../audio/usePlayer';
import { fmtDb, fmtPan, hex8 } from '../lib/format';
import { graphStopped, loadCreature, loadTimeline, timelineKey, timelineSettings, useGraph } from '../state/graphStore';
import { useListener } from '../state/listenerStore';
import { playMotion, stopMotion } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { useTableRow } from '../state/listSelectors';
import { EffectLink } from './GraphLinks';
import { TimelineStrip } from './TimelineStrip';
import { UsedBy } from './UsedBy';
import { TableLink, WaveLink } from './WaveLink';
import { ErrorText } from './ErrorText';

export function CreatureView({ id }: { id: number }) {
  const detail = useGraph((s) => s.creatureDetails[id]);
  const error = useGraph((s) => s.creatureErrors[id]);
  const info = useGraph((s) => s.creatures?.find((c) => c.id === id));
  const ready = useGraph((s) => s.status?.state === 'ready');
  useEffect(() => {
    if (ready) void loadCreature(id);
  }, [id, ready]);
  const label = detail?.label ?? info?.label ?? null;
  const failed = useGraph((s) => graphStopped(s) === 'failed');
  return (
    <>
      <h2>
        Creature <span className="id">{hex8(id)}</span>
        {label ? ` — ${label}` : ''}
      </h2>
      {error && (
        <div className="alert" role="alert">
          <ErrorText error={error} />
        </div>
      )}
      {!detail ? (
        !error && (
          <p className="muted">
            {ready
              ? 'Loading…'
              : failed
                ? 'Not shown: the sound graph could not be built.'
                : 'Waiting for the sound graph…'}
          </p>
        )
      ) : (
        <CreatureBody detail={detail} />
      )}
    </>
  );
}

function motionKey(m: CreatureMotion): string {
  return `${m.style}:${m.motion}`;
}

function CreatureBody({ detail }: { detail: CreatureDetail }) {
  const table = useTableRow(detail.soundTable);
  const isEffect = useGraph((s) =>
    detail.defaultScript === null ? false : (s.effects?.some((e) => e.id === detail.defaultScript) ?? false),
  );
  const [chosen, setChosen] = useState<string | null>(detail.motions[0] ? motionKey(detail.motions[0]) : null);
  const motion = detail.motions.find((m) => motionKey(m) === chosen) ?? null;
  // Speed and Reverse are the user's way of auditioning, not a motion's: kept when another is chosen
  const [speedText, setSpeedText] = useState('1');
  const [reverseChoice, setReverseChoice] = useState(false);
  return (
    <>
      <dl className="facts">
        <dt>SoundTable</dt>
        <dd>
          {detail.soundTable === null ? (
            <span className="muted">none</span>
          ) : (
            <TableLink id={detail.soundTable} label={table?.label ?? null} />
          )}
        </dd>
        <dt>MotionTable</dt>
        <dd className="mono">{detail.motionTable === null ? '—' : hex8(detail.motionTable)}</dd>
        <dt>PhysicsScriptTable</dt>
        <dd className="mono">{detail.physicsScriptTable === null ? '—' : hex8(detail.physicsScriptTable)}</dd>
        <dt>Default script</dt>
        <dd>
          {detail.defaultScript === null ? (
            '—'
          ) : isEffect ? (
            <EffectLink id={detail.defaultScript} />
          ) : (
            <span className="mono">{hex8(detail.defaultScript)}</span>
          )}
        </dd>
      </dl>
      <h4>Motions that make sounds</h4>
      {detail.motions.length === 0 ? (
        <p className="muted">None of this creature&apos;s motions fires a sound hook, forward or in reverse.</p>
      ) : (
        <div role="radiogroup" aria-label="Motions" className="motions">
          {detail.motions.map((m) => (
            <label key={motionKey(m)} className={'motion' + (motionKey(m) === chosen ? ' chosen' : '')}>
              <input
                type="radio"
                name={`motions-${detail.id}`}
                checked={motionKey(m) === chosen}
                onChange={() => setChosen(motionKey(m))}
                aria-label={`${m.name} (${m.styleName})`}
              />
              <span className="motion-name">{m.name}</span>
              <span className="muted"> {m.styleName}</span>
              {m.cyclic && <span className="badge info">cyclic</span>}
              {m.reverseOnly && (
                <span
                  className="badge info"
                  title="Its hooks that sound are Backward: they fire only when it plays in reverse"
                >
                  in reverse only
                </span>
              )}
              <span className="muted">
                {' '}
                · {m.soundHookCount} hook{m.soundHookCount === 1 ? '' : 's'}
                {m.scriptCallCount > 0 ? ` + ${m.scriptCallCount} CallPES` : ''}
                {m.defaultScriptCount > 0 ? ` + ${m.defaultScriptCount} DefaultScript` : ''}
              </span>
            </label>
          ))}
        </div>
      )}
      {motion && (
        <MotionPanel
          key={motionKey(motion)}
          detail={detail}
          motion={motion}
          speedText={speedText}
          setSpeedText={setSpeedText}
          reverseChoice={reverseChoice}
          setReverseChoice={setReverseChoice}
        />
      )}
      <UsedBy id={detail.id} what="creature" />
    </>
  );
}

/** The request's Listener settings settle for a moment before the timeline is asked again (slider drags). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The Speed and Reverse the user chose in this creature view (kept from motion to motion). */
interface AuditionChoice {
  speedText: string;
  setSpeedText(text: string): void;
  reverseChoice: boolean;
  setReverseChoice(reverse: boolean): void;
}

function MotionPanel({
  detail,
  motion,
  speedText,
  setSpeedText,
  reverseChoice,
  setReverseChoice,
}: { detail: CreatureDetail; motion: CreatureMotion } & AuditionChoice) {
  // a motion that sounds only in reverse starts reversed: Play motion plays what makes its sound
  // (its own box); another follows the user's Reverse, which a motion without a reverse sequence
  // cannot honour (the box is disabled and says why, the choice kept for the next motion)
  const [reverseOnlyBox, setReverseOnlyBox] = useState(true);
  const reverse = motion.reverseOnly ? reverseOnlyBox : reverseChoice && motion.reversible;
  const setReverse = motion.reverseOnly ? setReverseOnlyBox : setReverseChoice;
  const reverseHint = motion.reversible
    ? 'Play the motion backwards (a negative speed, as the game walks backwards): reverse links, Backward and Both hooks fire'
    : noReverseSequenceText(motion.name, reversibleNames(detail.motions));
  const [repeat, setRepeat] = useState(false);
  const speedValue = Number(speedText);
  // the one motion-speed rule (core/graph/motionSpeed.ts); the field is the size, Reverse the sign
  const speedOk = speedValue > 0 && motionSpeedProblem(speedValue) === null;
  // Reverse plays the motion at the negative speed (core/graph motionTimeline: reverse links, Backward hooks)
  const speed = (speedOk ? speedValue : 1) * (reverse ? -1 : 1);
  // only what shapes the timeline: a change of the Listener's path or volume does not ask again
  const shaping = useListener(
    useShallow((s) => ({ mode: s.mode, distance: s.distance, bearingDeg: s.bearingDeg, prefs: s.prefs })),
  );
  const settings = useMemo(() => timelineSettings({ ...DEFAULT_SETTINGS, ...shaping }), [shaping]);
  const seed = usePrefs((s) => s.seed);
  const liveRequest = useMemo(
    () => ({ setupId: detail.id, motion: motion.motion, style: motion.style, speed, seed, settings }),
    [detail.id, motion.motion, motion.style, speed, seed, settings],
  );
  const request = useSettled(liveRequest, 120);
  const key = timelineKey(request);
  const entry = useGraph((s) => s.timeline);
  useEffect(() => {
    void loadTimeline(request);
  }, [request]);
  const timeline: Timeline | null =
    entry?.value && entry.value.setupId === detail.id && entry.value.motion === motion.motion ? entry.value : null;
  const stale = entry?.key !== key;
  const sequence = usePlayer((s) => s.sequence);
  const [mySerial, setMySerial] = useState<number | null>(null);
  const playing = sequence !== null && sequence.serial === mySerial && sequence.running;
  const reports = sequence !== null && sequence.serial === mySerial ? sequence.reports : [];

  const onPlay = (): void => {
    if (playing) {
      stopMotion();
      return;
    }
    void loadTimeline(liveRequest).then((t) => {
      if (!t) return;
      setMySerial(playMotion(t, seed, repeat && t.cyclic));
    });
  };

  return (
    <section className="card motion-panel" aria-label={`Motion ${motion.name}`}>
      <div className="toolrow">
        <button
          type="button"
          className="btn primary"
          data-first-action
          onClick={onPlay}
          disabled={!timeline && !playing}
        >
          {playing ? 'Stop motion' : 'Play motion'}
        </button>
        <label className="check">
          Speed
          <input
            className="field"
            type="number"
            aria-label="Speed"
            aria-invalid={!speedOk}
            min={MOTION_SPEED_MIN}
            max={MOTION_SPEED_MAX}
            step={0.1}
            value={speedText}
            onChange={(e) => setSpeedText(e.target.value)}
          />
          ×
        </label>
        {!speedOk && (
          <span className="hint warn">
            Speed is {MOTION_SPEED_MIN}–{MOTION_SPEED_MAX}: using 1
          </span>
        )}
        {/* the tooltip is the label's (hovering the box shows it too); the box's description is why it is disabled */}
        <label className={'check' + (motion.reversible ? '' : ' disabled')} title={reverseHint}>
          <input
            type="checkbox"
            checked={reverse}
            disabled={!motion.reversible}
            aria-description={motion.reversible ? undefined : reverseHint}
            onChange={(e) => setReverse(e.target.checked)}
          />
          Reverse
        </label>
        <label
          className="check"
          title={
            motion.cyclic
              ? 'The cycle repeats until stopped, as the creature keeps doing it'
              : 'Only cyclic motions (walk, run, idle…) repeat; this one plays once'
          }
        >
          <input
            type="checkbox"
            checked={repeat && motion.cyclic}
            disabled={!motion.cyclic}
            onChange={(e) => setRepeat(e.target.checked)}
          />
          Repeat (cyclic)
        </label>
        <span className="muted">
          {motion.cyclic ? 'cyclic: its cycle repeats' : 'one-shot'} · Listener placement and sliders apply
        </span>
      </div>
      {motion.reverseOnly && !reverse && (
        <p className="note">{motion.name} makes a sound only in reverse: check Reverse to hear it.</p>
      )}
      {entry?.error && entry.key === key && entry.noReverse ? (
        // not an error: the client has no such reverse motion (core/graph/reversePlay.ts)
        <p className="note">{noReverseSequenceText(motion.name, reversibleNames(detail.motions))}</p>
      ) : entry?.error && entry.key === key ? (
        <div className="alert" role="alert">
          <ErrorText error={entry.error} />
        </div>
      ) : !timeline ? (
        <p className="muted">Loading the timeline…</p>
      ) : (
        <>
          <TimelineStrip
            timeline={timeline}
            playing={playing}
            startedAt={sequence?.startedAt ?? 0}
            repeatFrom={sequence?.repeatFrom ?? null}
          />
          <div className="events-scroll">
            <EventTable timeline={timeline} stale={stale} reports={reports} />
          </div>
          <ScriptCalls timeline={timeline} />
        </>
      )}
    </section>
  );
}

function EventTable({
  timeline,
  stale,
  reports,
}: {
  timeline: Timeline;
  stale: boolean;
  reports: readonly { index: number; pass: number; at: number; played: boolean; skip: string | null }[];
}) {
  const lastReport = new Map<number, { at: number; played: boolean; skip: string | null; pass: number }>();
  for (const r of reports) lastReport.set(r.index, r);
  return (
    <table className="events" aria-label="Sound events" style={stale ? { opacity: 0.6 } : undefined}>
      <thead>
        <tr>
          <th scope="col">t (s)</th>
          <th scope="col">Frame</th>
          <th scope="col">Animation</th>
          <th scope="col">Hook (direction)</th>
          <th scope="col">Sound</th>
          <th scope="col">Engine</th>
          <th scope="col">Fired (s)</th>
        </tr>
      </thead>
      <tbody>
        {timeline.events.map((e, i) => {
          const d = e.decision;
          const r = lastReport.get(i);
          return (
            <tr key={i}>
              <td className="num">{e.t.toFixed(3)}</td>
              <td className="num">{e.frame}</td>
              <td className="mono">{hex8(e.animation)}</td>
              <td>
                {e.hook} <span className="muted">({e.direction})</span>
                {e.script !== null ? (
                  <span className="muted">
                    {' '}
                    via {hex8(e.script)} +{e.scriptTime!.toFixed(3)} s
                  </span>
                ) : null}
              </td>
              <td>
                {e.name !== null && e.soundType !== null ? `${e.name} → ` : ''}
                {e.waveId !== null ? <WaveLink id={e.waveId} /> : <span className="muted">no Wave</span>}
                {e.candidates.length > 1 ? <span className="muted"> (1 of {e.candidates.length})</span> : null}
              </td>
              <td>
                {d.played ? (
                  `${d.dB === null ? '' : fmtDb(d.dB)}${d.pan !== null ? ` · pan ${fmtPan(d.pan)}` : ''}`
                ) : (
                  <span className="muted">{d.reason ? reasonText(d.reason, d.path, d.problem) : 'not played'}</span>
                )}
              </td>
              <td className="num">
                {r ? `${r.at.toFixed(3)}${r.pass > 0 ? ` (×${r.pass + 1})` : ''}${r.played ? '' : ' silent'}` : '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
      <caption className="note">
        {timeline.events.length} sound event{timeline.events.length === 1 ? '' : 's'} in {timeline.duration.toFixed(3)}{' '}
        s at speed {timeline.speed} ({timeline.motionName})
        {timeline.speed < 0
          ? ', in reverse: a hook on frame k fires as the playhead drops below k, at (high + 1 − 0.0002 − k) / |framerate|; Backward and Both hooks fire.'
          : '; a hook on frame k fires at (k + 1 − low) / framerate.'}
      </caption>
    </table>
  );
}

/**
 * The script hooks that fired (CallPES, DefaultScript, DefaultScriptPart; docs/sound-graph.md §3):
 * the script each called, when it started, or why its sounds are not shown.
 */
function ScriptCalls({ timeline }: { timeline: Timeline }) {
  if (timeline.scriptCalls.length === 0) return null;
  const named = (c: TimelineScriptCall) => c.status !== 'no-default-script' && c.status !== 'indirect';
  return (
    <ul className="script-calls note" aria-label="Script hooks">
      {timeline.scriptCalls.map((c, i) => (
        <li key={i}>
          {c.t.toFixed(3)} s, {c.caller === null ? `frame ${c.frame}` : `PhysicsScript ${hex8(c.caller)}`}:{' '}
          {named(c) && (
            <>
              {c.hook} {c.soundHookCount > 0 ? <EffectLink id={c.scriptId} /> : hex8(c.scriptId)}
              {c.hook === 'CallPES' ? ` (pause ${c.pause} s)` : " (the Setup's default script)"}
              {' — '}
            </>
          )}
          {c.problem !== null ? (
            <span className="warn">{c.problem}</span>
          ) : (
            `started at ${c.start!.toFixed(3)} s after a ${c.delay.toFixed(3)} s delay${c.queued ? ', queued behind a running script' : ''}; ${c.soundHookCount} sound hook${c.soundHookCount === 1 ? '' : 's'}, in the events above`
          )}
        </li>
      ))}
    </ul>
  );
}
