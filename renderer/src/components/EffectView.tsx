/**
 * An effect (a PhysicsScript with sound hooks, issue #7): its sound hooks in time, "Play effect"
 * (through the Player, the engine path of a creature's "Play motion") and what uses it.
 */
import { useState } from 'react';
import type { GraphPhysicsScript, ScriptSoundHook } from '../../../core/contract';
import { usePlayer } from '../audio/usePlayer';
import { hex8 } from '../lib/format';
import { graphStopped, useGraph } from '../state/graphStore';
import { playEffect, stopMotion } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { UsedBy } from './UsedBy';
import { WaveLink } from './WaveLink';

export function EffectView({ id }: { id: number }) {
  const info = useGraph((s) => s.effects?.find((e) => e.id === id));
  const script = useGraph((s) => s.data?.physicsScripts.find((p) => p.id === id));
  const failed = useGraph((s) => graphStopped(s) === 'failed');
  return (
    <>
      <h2>
        Effect <span className="id">{hex8(id)}</span>
      </h2>
      {!info || !script ? (
        <p className="muted">
          {failed ? 'Not shown: the sound graph could not be built.' : 'Waiting for the sound graph…'}
        </p>
      ) : (
        <>
          <dl className="facts">
            <dt>Kind</dt>
            <dd>PhysicsScript</dd>
            <dt>Sound hooks</dt>
            <dd>{info.soundHookCount}</dd>
            <dt>Length</dt>
            <dd>{info.lengthSec.toFixed(3)} s</dd>
            <dt>Scripts it calls</dt>
            <dd>
              {script.scriptCalls.length === 0
                ? 'none'
                : script.scriptCalls.map((c) => `${hex8(c.scriptId)} at ${c.time.toFixed(3)} s`).join(', ')}
            </dd>
          </dl>
          <EffectPlay script={script} lengthSec={info.lengthSec} />
          <table className="events" aria-label="Sound hooks">
            <thead>
              <tr>
                <th scope="col">Time (s)</th>
                <th scope="col">Hook</th>
                <th scope="col">Sound</th>
                <th scope="col">Direction</th>
              </tr>
            </thead>
            <tbody>
              {script.soundHooks.map((h, i) => (
                <tr key={i}>
                  <td className="num">{h.time.toFixed(3)}</td>
                  <td>{h.hook}</td>
                  <td>
                    <HookSound h={h} />
                  </td>
                  <td>{h.direction}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <UsedBy id={id} what="effect" />
    </>
  );
}

function HookSound({ h }: { h: ScriptSoundHook }) {
  if (h.hook === 'SoundTable')
    return (
      <>{`${h.name} (0x${h.soundType.toString(16).toUpperCase().padStart(2, '0')}) — from the SoundTable of the object that runs it`}</>
    );
  return (
    <>
      <WaveLink id={h.waveId} />
      {h.hook === 'SoundTweaked' ? ` · probability ${h.probability} · volume ${h.volume}` : ''}
    </>
  );
}

/** "Play effect" / "Stop effect": the hooks at their times through the Player (state/playback `playEffect`). */
function EffectPlay({ script, lengthSec }: { script: GraphPhysicsScript; lengthSec: number }) {
  const seed = usePrefs((s) => s.seed);
  const sequence = usePlayer((s) => s.sequence);
  const [mySerial, setMySerial] = useState<number | null>(null);
  const mine = sequence !== null && sequence.serial === mySerial;
  const playing = mine && sequence.running;
  const playable = script.soundHooks.filter((h) => h.hook !== 'SoundTable').length;
  const fromTable = script.soundHooks.length - playable;
  const heard = mine ? sequence.reports.filter((r) => r.played).length : 0;
  return (
    <div className="toolrow">
      <button
        type="button"
        className="btn primary"
        data-first-action
        disabled={playable === 0 && !playing}
        onClick={() => (playing ? stopMotion() : setMySerial(playEffect(script.soundHooks, lengthSec, seed)))}
      >
        {playing ? 'Stop effect' : 'Play effect'}
      </button>
      <span className="muted" role="status" aria-label="Effect playback">
        {playable === 0
          ? 'Nothing to play here: its hooks play from the SoundTable of the object that runs it.'
          : `${playable} hook${playable === 1 ? '' : 's'} with the Listener’s settings${
              fromTable > 0
                ? `; ${fromTable} SoundTable hook${fromTable === 1 ? '' : 's'} left out (they play from the SoundTable of the object that runs it)`
                : ''
            }${mine ? ` · ${sequence.reports.length} fired, ${heard} heard` : ''}`}
      </span>
    </div>
  );
}
