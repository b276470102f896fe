/**
 * "Recent" beside back/forward: the open dat's recently opened items and the recently opened
 * dats (state/recentStore). Choosing an item opens it in its list; choosing a dat opens that dat.
 * A native select: keyboard, screen readers and touch work as everywhere.
 */
import { hex8 } from '../lib/format';
import { openDat, useDat } from '../state/datStore';
import { navigateTo, type Target } from '../state/navStore';
import { datKey, useRecent, type RecentItem } from '../state/recentStore';

const KIND_NAME: Record<Target['kind'], string> = {
  table: 'SoundTable',
  wave: 'Wave',
  creature: 'Creature',
  effect: 'Effect',
};

/** "SoundTable 0x20000001 — Human (male)", "Wave 0x0A000012". */
export function recentItemText(i: RecentItem): string {
  return `${KIND_NAME[i.kind]} ${hex8(i.id)}${i.label ? ` — ${i.label}` : ''}`;
}

/** A dat as listed: its path, or "Demo dat". */
export function recentDatText(path: string | null): string {
  return path ?? 'Demo dat';
}

export function RecentMenu() {
  const summary = useDat((s) => s.summary);
  const status = useDat((s) => s.status);
  const dats = useRecent((s) => s.dats);
  const openKey = summary ? datKey(summary.demo ? null : summary.path) : null;
  const items = useRecent((s) => (openKey === null ? undefined : s.items[openKey]));
  const list = items ?? [];
  const onChoose = (value: string): void => {
    const [what, index] = value.split(':');
    const i = Number(index);
    if (what === 'item') {
      const item = list[i];
      if (item) navigateTo({ kind: item.kind, id: item.id } as Target);
    } else if (what === 'dat') {
      const dat = dats[i];
      if (dat) void openDat(dat.path);
    }
  };
  return (
    <select
      className="field recent"
      aria-label="Recent"
      title="Recently opened items of this dat, and recently opened dats"
      value=""
      disabled={status === 'opening' || (list.length === 0 && dats.length === 0)}
      onChange={(e) => onChoose(e.target.value)}
    >
      <option value="" disabled>
        Recent…
      </option>
      {list.length > 0 && (
        <optgroup label="Items">
          {list.map((item, i) => (
            <option key={`${item.kind}:${item.id}`} value={`item:${i}`}>
              {recentItemText(item)}
            </option>
          ))}
        </optgroup>
      )}
      {dats.length > 0 && (
        <optgroup label="Dats">
          {dats.map((d, i) => (
            <option key={datKey(d.path)} value={`dat:${i}`} disabled={datKey(d.path) === openKey}>
              {recentDatText(d.path)}
              {datKey(d.path) === openKey ? ' (open)' : ''}
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}
