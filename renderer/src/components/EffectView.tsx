/** An effect (a PhysicsScript with sound hooks, issue #7): its sound hooks in time and what uses it. */
import type { ScriptSoundHook } from '../../../core/contract';
import { hex8 } from '../lib/format';
import { useGraph } from '../state/graphStore';
import { UsedBy } from './UsedBy';
import { WaveLink } from './WaveLink';

export function EffectView({ id }: { id: number }) {
  const info = useGraph((s) => s.effects?.find((e) => e.id === id));
  const script = useGraph((s) => s.data?.physicsScripts.find((p) => p.id === id));
  return (
    <>
      <h2>
        Effect <span className="id">{hex8(id)}</span>
      </h2>
      {!info || !script ? (
        <p className="muted">Waiting for the sound graph…</p>
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
