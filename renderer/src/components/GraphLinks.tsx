/**
 * Links to the sound graph's views: a creature ("0x02000001 — Drudge"), an effect ("0x33000001")
 * or a Region's ambient set (the Soundscape view on a terrain that reaches it).
 */
import type { MouseEvent } from 'react';
import { hex8 } from '../lib/format';
import { navigateTo } from '../state/navStore';
import { showAmbientSet } from '../state/soundscapeStore';

export function CreatureLink({ id, label }: { id: number; label: string | null }) {
  const onClick = (e: MouseEvent): void => {
    e.preventDefault();
    navigateTo({ kind: 'creature', id });
  };
  return (
    <a href={`#creature/${hex8(id)}`} onClick={onClick}>
      <span className="mono">{hex8(id)}</span>
      {label ? ` — ${label}` : ''}
    </a>
  );
}

export function EffectLink({ id }: { id: number }) {
  const onClick = (e: MouseEvent): void => {
    e.preventDefault();
    navigateTo({ kind: 'effect', id });
  };
  return (
    <a href={`#effect/${hex8(id)}`} className="mono" onClick={onClick}>
      {hex8(id)}
    </a>
  );
}

/** A Region reference (an ambient set naming a SoundTable): opens the Soundscape view on that set. */
export function RegionLink({ id, ambientSet }: { id: number; ambientSet: number }) {
  const onClick = (e: MouseEvent): void => {
    e.preventDefault();
    showAmbientSet(ambientSet);
  };
  return (
    <a href={`#soundscape/${hex8(id)}/${ambientSet}`} className="mono" onClick={onClick}>
      {hex8(id)}
    </a>
  );
}
