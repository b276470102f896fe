/**
 * Soundscape (issue 8): the Region's ambient sounds as the retail client scheduled them around a
 * listener (core/engine/ambient; docs/ambient.md). Choose a terrain type (the Region's own names)
 * and scene value for the whole 3×3 landblock ring, or paint the nine landblocks; Play/Stop runs
 * the scheduler in real time through the Player (the one 16-voice pool, shown in the Listener
 * panel); a top-down picture shows emitters appearing around the listener (EmitterMap); an event log lists
 * every deadline; the seed repeats a session; Export writes N seconds as heard. The ambient slider
 * and its enabled flag are the Listener panel's (applied twice in retail, as the client did).
 */
import { useEffect, useState } from 'react';
import {
  AMBIENT_CHOICES,
  heardPan,
  SOUNDSCAPE_MAX_SECONDS,
  sceneProblem,
  sceneRangeText,
  type RingCell,
} from '../../../core/engine';
import type { SoundscapeInfo } from '../../../core/contract';
import { parseExportSeconds } from '../lib/exportSeconds';
import { fmtFactor, hex8, reasonParts } from '../lib/format';
import { useDat } from '../state/datStore';
import { useListener } from '../state/listenerStore';
import { setShowSoundscape } from '../state/navStore';
import {
  exportSoundscape,
  loadExportDir,
  loadSoundscape,
  outcomeText,
  paintLandblock,
  setBrushScene,
  setBrushTerrain,
  setExportForce,
  exportInputsChanged,
  setExportSeconds,
  setLayout,
  setSoundscapeSeed,
  startSoundscape,
  stopSoundscape,
  useSoundscape,
  exportFileName,
} from '../state/soundscapeStore';
import { FolderField } from './SoundscapeFolderField';
import { ErrorText } from './ErrorText';
import { NumberField } from './NumberField';
import { SeedField } from './SeedField';
import { EmitterMap } from './EmitterMap';

const BLOCK_NAMES = [
  'north-west',
  'north',
  'north-east',
  'west',
  'middle',
  'east',
  'south-west',
  'south',
  'south-east',
];

/**
 * The Scene value of the brush: the terrain type's valid range beside it, and a value it does not
 * have (core/engine `sceneProblem`, the rule `acsound ambient --scene` uses) refused by the one
 * numeric field (NumberField, as Seed and Seconds): nothing committed, and the hint beside it says
 * why and which value is kept — still there after the field loses focus. A scene the ring keeps
 * that a newly chosen terrain type does not have is marked `aria-invalid` with the reason too.
 */
function SceneField({ info, cell }: { info: SoundscapeInfo; cell: RingCell }) {
  const kept = sceneProblem(info, cell.terrainType, cell.scene);
  const range = sceneRangeText(info, cell.terrainType);
  return (
    <span className="scene-group">
      <label>
        Scene{' '}
        <NumberField
          // a hint about another terrain type's scenes goes with it
          key={cell.terrainType}
          label="Scene value"
          className="scene-field"
          value={cell.scene}
          min={0}
          max={Math.max(0, (info.terrainTypes[cell.terrainType]?.sceneTypes.length ?? 1) - 1)}
          step={1}
          digits={0}
          refuse={(v, typed) => sceneProblem(info, cell.terrainType, v, typed)}
          invalid={kept !== null}
          describedBy={kept !== null ? 'scene-range scene-problem' : 'scene-range'}
          onCommit={setBrushScene}
        />
      </label>
      <span id="scene-range" className="muted">
        valid: {range}
      </span>
      {kept !== null && (
        <span id="scene-problem" className="field-hint" role="status">
          {kept}
        </span>
      )}
    </span>
  );
}

function terrainName(info: SoundscapeInfo, c: RingCell): string {
  return info.terrainTypes[c.terrainType]?.name ?? `type ${c.terrainType}`;
}

export function SoundscapeView() {
  const generation = useDat((s) => s.generation);
  const st = useSoundscape();
  useEffect(() => {
    void loadSoundscape();
    void loadExportDir();
  }, [generation]);
  const info = st.info;
  return (
    <div className="soundscape" role="region" aria-label="Soundscape" data-focus-return="soundscape-button">
      <div className="toolrow">
        <h2 style={{ margin: 0 }}>Soundscape</h2>
        <span style={{ flex: 1 }} />
        <button type="button" className="btn small" onClick={() => setShowSoundscape(false)}>
          Close
        </button>
      </div>
      {st.status === 'loading' && <p className="muted">Reading the Region…</p>}
      {st.status === 'error' && st.error && (
        <p role="alert">
          <ErrorText prefix="Cannot read the Region: " error={st.error} />
        </p>
      )}
      {st.status === 'ready' && !info && (
        <p className="muted">This dat has no Region (0x13000000–0x1300FFFF): it defines no ambient sounds.</p>
      )}
      {info && <SoundscapeBody info={info} />}
    </div>
  );
}

function SoundscapeBody({ info }: { info: SoundscapeInfo }) {
  const st = useSoundscape();
  const prefs = useListener((s) => s.prefs);
  const mode = useListener((s) => s.mode);
  const slider = prefs.ambientVolume;
  return (
    <>
      <p className="muted">
        Region {hex8(info.regionId)} “{info.name}”: {info.terrainTypes.length} terrain types, {info.ambientSets.length}{' '}
        ambient sets
        {info.missingSoundTables.length > 0 && (
          <> ({info.missingSoundTables.map(hex8).join(', ')} missing: those sets stay silent)</>
        )}
        . The listener stands at the middle landblock’s centre, facing north.
      </p>
      <fieldset className="soundscape-ring">
        <legend>Ring</legend>
        <div className="toolrow">
          <label>
            <input
              type="radio"
              name="soundscape-layout"
              checked={st.layout === 'ring'}
              onChange={() => setLayout('ring')}
            />{' '}
            Whole ring
          </label>
          <label>
            <input
              type="radio"
              name="soundscape-layout"
              checked={st.layout === 'paint'}
              onChange={() => setLayout('paint')}
            />{' '}
            Paint landblocks
          </label>
          <label>
            Terrain type{' '}
            <select
              aria-label="Terrain type"
              value={st.brush.terrainType}
              onChange={(e) => setBrushTerrain(Number(e.target.value))}
            >
              {info.terrainTypes.map((t, i) => (
                <option key={i} value={i}>
                  {i} {t.name}
                </option>
              ))}
            </select>
          </label>
          <SceneField info={info} cell={st.brush} />
        </div>
        {st.layout === 'paint' && (
          <div
            className="landblock-grid"
            role="group"
            aria-label="Landblocks (click to paint with the terrain type and scene)"
          >
            {st.painted.map((c, i) => (
              <button
                key={i}
                type="button"
                className="btn small"
                aria-label={`Landblock ${BLOCK_NAMES[i]}: ${terrainName(info, c)}, scene ${c.scene}`}
                onClick={() => paintLandblock(i)}
              >
                <span className="landblock-terrain">{terrainName(info, c)}</span>
                <span className="muted">scene {c.scene}</span>
              </button>
            ))}
          </div>
        )}
      </fieldset>
      <div className="toolrow">
        {st.running ? (
          <button type="button" className="btn primary" onClick={stopSoundscape}>
            Stop soundscape
          </button>
        ) : (
          <button type="button" className="btn primary" onClick={startSoundscape}>
            Play soundscape
          </button>
        )}
        <label>
          Seed <SeedField label="Soundscape seed" value={st.seed} onCommit={setSoundscapeSeed} />
        </label>
        <span className="muted" aria-live="polite">
          {st.running ? `running ${st.clock.toFixed(1)} s` : 'stopped'} · {st.eventCount} event
          {st.eventCount === 1 ? '' : 's'}, {st.playedCount} played
        </span>
      </div>
      <p className="muted">
        Ambient slider {slider.toFixed(2)}
        {mode === 'retail' ? ` (retail applies it twice: ${fmtFactor(slider * slider)})` : ''}, ambient sounds{' '}
        {prefs.ambientEnabled ? 'enabled' : 'disabled (nothing plays)'} — set in the Listener panel, with the {mode}{' '}
        mode. The voice pool there is the one these plays share with effects.
      </p>
      {st.error && (
        <p role="alert">
          <ErrorText error={st.error} />
        </p>
      )}
      <div className="soundscape-main">
        <EmitterMap emitters={st.emitters} clock={st.clock} />
        <EventLog />
      </div>
      <ExportRow />
      <details>
        <summary>Choices the spec left open ({AMBIENT_CHOICES.length})</summary>
        <ul aria-label="Scheduler choices">
          {AMBIENT_CHOICES.map((c) => (
            <li key={c.id}>
              <strong>{c.id}</strong> ({c.source === 'client' ? 'read from the client' : 'our choice'}): {c.rule}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

function fmt(v: number | null, digits: number, unit = ''): string {
  return v === null ? '—' : `${v.toFixed(digits)}${unit}`;
}

/**
 * Played / why, on one line: the reason's first words ("inaudible"), the whole reason ("inaudible
 * (below −50 dB)") in the cell's title; the rest of it stays in the cell's text, inline and drawn
 * at no size, so the cell's name, its text and what screen readers say are the whole reason
 * (format `reasonParts`).
 */
function Outcome({ text, played }: { text: string; played: boolean }) {
  const [short, rest] = reasonParts(text);
  return (
    <td className={played ? 'played' : 'muted'} title={rest ? text : undefined}>
      {short}
      {rest && <span className="reason-rest">{rest}</span>}
    </td>
  );
}

/**
 * The event log, newest first. It fits the view's width at 1024 and 1366 px without sideways
 * scrolling and without wrapping a header or a number: units with the numbers (headers no wider
 * than them), the sound's kind under its name, and the outcome's first words (the whole reason
 * in its title).
 */
function EventLog() {
  const log = useSoundscape((s) => s.log);
  return (
    <div className="soundscape-log">
      <table className="dense" aria-label="Soundscape events">
        <thead>
          <tr>
            <th className="num" title="Time since Play (s)">
              Time
            </th>
            <th className="num">Set</th>
            <th className="sound">Sound</th>
            <th>Wave</th>
            <th className="num" title="Distance from the listener (m)">
              Dist.
            </th>
            <th className="num">Bearing</th>
            <th className="num">dB</th>
            <th className="num">Pan</th>
            <th>Played / why</th>
          </tr>
        </thead>
        <tbody>
          {log.map((r) => {
            const e = r.event;
            return (
              <tr key={r.key}>
                <td className="num mono">{r.t.toFixed(2)} s</td>
                <td className="num">{e.set}</td>
                <td className="sound">
                  {e.name} <span className="muted kind">{e.kind}</span>
                </td>
                <td className="mono">{e.waveId ?? '—'}</td>
                <td className="num">{fmt(e.distance, 1, ' m')}</td>
                <td className="num">{fmt(e.bearing, 1, '°')}</td>
                <td className="num">{e.dB ?? '—'}</td>
                <td className="num">{heardPan(e) ?? '—'}</td>
                <Outcome text={outcomeText(r)} played={e.played && !r.reading} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ExportRow() {
  const seconds = useSoundscape((s) => s.exportSeconds);
  const dir = useSoundscape((s) => s.exportDir);
  const force = useSoundscape((s) => s.exportForce);
  const exporting = useSoundscape((s) => s.exporting);
  const result = useSoundscape((s) => s.exportResult);
  const error = useSoundscape((s) => s.exportError);
  const fileName = useSoundscape(exportFileName);
  // the name follows the Listener's mode and ambient prefs too
  useListener((s) => s.prefs);
  useListener((s) => s.mode);
  // the field keeps what is typed; a usable value goes to the store, an invalid one is flagged
  const [draft, setDraft] = useState(() => String(seconds));
  const parsed = parseExportSeconds(draft);
  return (
    <fieldset>
      <legend>Export soundscape</legend>
      <div className="toolrow">
        <label>
          Seconds{' '}
          <input
            className="field"
            aria-label="Export seconds"
            type="number"
            min={1}
            max={SOUNDSCAPE_MAX_SECONDS}
            value={draft}
            style={{ width: 70 }}
            aria-invalid={parsed.error !== undefined}
            aria-describedby={parsed.error !== undefined ? 'export-seconds-error' : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              const p = parseExportSeconds(e.target.value);
              if (p.error === undefined) setExportSeconds(p.seconds);
              else exportInputsChanged();
            }}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={force}
            disabled={exporting}
            onChange={(e) => setExportForce(e.target.checked)}
          />
          Overwrite existing files
        </label>
        <span style={{ flex: 1 }} />
        <button
          type="button"
          className="btn"
          disabled={exporting || !dir || parsed.error !== undefined}
          onClick={() => void exportSoundscape()}
        >
          {exporting ? 'Exporting…' : 'Export soundscape'}
        </button>
      </div>
      <FolderField dir={dir ?? ''} fileName={fileName} waiting={parsed.error !== undefined} />
      {parsed.error !== undefined && (
        <p id="export-seconds-error" className="field-hint">
          Export seconds: {parsed.error}
        </p>
      )}
      <p className="muted">
        A stereo 16-bit 22050 Hz WAV of the ring, seed and Listener prefs above, as heard, and a JSON sidecar with the
        settings and every event, written atomically. Without Overwrite, an existing pair is left as it is.
      </p>
      <div role="status" aria-label="Soundscape export result">
        {result?.outcome === 'written' && (
          <>
            Wrote {result.wav} and {result.sidecar} in {result.dir}: {result.events} events, {result.played} played,
            peak {result.peakDb === null ? 'silence' : `${result.peakDb.toFixed(1)} dBFS`}
            {result.gain < 1 ? `, scaled by ${(20 * Math.log10(result.gain)).toFixed(1)} dB so nothing clips` : ''}.
          </>
        )}
        {result?.outcome === 'exists' && (
          <>
            Not written: {result.existing ?? result.wav} already exists in {result.dir}, so neither file was written.
          </>
        )}
        {error && (
          <span role="alert">
            <ErrorText prefix="Export failed: " error={error} />
          </span>
        )}
      </div>
    </fieldset>
  );
}
