/** Links between views: a Wave id ("0x0A000001") or a SoundTable ("0x20000007 — Drudge"). */
import type { MouseEvent } from 'react';
import { hex8, tableLabel } from '../lib/format';
import { navigateTo } from '../state/navStore';

export function WaveLink({ id }: { id: number }) {
  const onClick = (e: MouseEvent): void => {
    e.preventDefault();
    navigateTo({ kind: 'wave', id });
  };
  return (
    <a href={`#wave/${hex8(id)}`} className="mono" onClick={onClick}>
      {hex8(id)}
    </a>
  );
}

export function TableLink({ id, label }: { id: number; label: string | null }) {
  const onClick = (e: MouseEvent): void => {
    e.preventDefault();
    navigateTo({ kind: 'table', id });
  };
  return (
    <a href={`#table/${hex8(id)}`} onClick={onClick}>
      <span className="mono">{hex8(id)}</span>
      {label ? ` — ${label}` : ''}
    </a>
  );
}

export { tableLabel };
