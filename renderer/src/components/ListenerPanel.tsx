/**
 * Right pane (region "Listener"): placement, live engine readouts, path, volume stack, falloff
 * curve, voice pool. The readouts come right under the disc so that both stay in view at 1366×768
 * while dragging the panner (issue #10 defect 2).
 */
import { useMemo, type ReactNode } from 'react';
import {
  clampSetting,
  explain,
  isCentrePath,
  pathLevels,
  SETTING_RANGES,
  SOUND_PATHS,
  type EngineMode,
  type EnginePrefs,
  type SoundPath,
} from '../../../core/engine';
import { usePlayer } from '../audio/usePlayer';
import { fmtDb, fmtDegrees, fmtMetres, fmtPan, hex8 } from '../lib/format';
import { setBearing, setDistance, setPath, setPref, setVolume, useListener } from '../state/listenerStore';
import { PATH_LABELS, VOLUME_MEANING, volumeUnused } from '../lib/paths';
import {
  CHANNEL_LAW,
  MONO_RULE,
  MULTICHANNEL_RULE,
  STEREO_RULE,
  stereoBadge,
  stereoStatement,
} from '../lib/channelRule';
import { useWaveRow } from '../state/listSelectors';
import { useNav } from '../state/navStore';
import {
  compareReadouts,
  mutedText,
  READOUT_UNITS,
  readoutName,
  voiceSlotText,
  type ReadoutPair,
  withCannotPlay,
} from '../lib/readouts';
import { problemLabel } from '../lib/waveProblem';
import { useOpenWaveProblem } from '../state/cannotPlay';
import { FalloffCurve } from './FalloffCurve';
import { NumberField } from './NumberField';
import { SliderField } from './SliderField';
import { Panner } from './Panner';
import { VoicePoolView } from './VoicePoolView';
import { AfterFirstPaint } from './useAfterFirstPaint';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      {children}
    </>
  );
}

function StackRow({
  name,
  sliderKey,
  enabledKey,
  enabledLabel,
  note,
}: {
  name: string;
  sliderKey: 'effectVolume' | 'ambientVolume' | 'interfaceVolume';
  enabledKey: 'effectsEnabled' | 'ambientEnabled' | 'interfaceEnabled';
  enabledLabel: string;
  note?: string;
}) {
  const value = useListener((s) => s.prefs[sliderKey]);
  const enabled = useListener((s) => s.prefs[enabledKey]);
  return (
    <>
      <input
        type="checkbox"
        aria-label={enabledLabel}
        title={enabledLabel}
        checked={enabled}
        onChange={(e) => setPref(enabledKey, e.target.checked)}
      />
      <span title={note}>{name}</span>
      <input
        type="range"
        aria-label={name}
        min={SETTING_RANGES[`prefs.${sliderKey}`].min}
        max={SETTING_RANGES[`prefs.${sliderKey}`].max}
        step={0.01}
        value={value}
        aria-valuetext={value.toFixed(2)}
        onChange={(e) => setPref(sliderKey, e.target.valueAsNumber)}
      />
      <span className="val">{value.toFixed(2)}</span>
    </>
  );
}

function Check({ label, k }: { label: string; k: keyof EnginePrefs }) {
  const v = useListener((s) => s.prefs[k]) as boolean;
  return (
    <label className="check">
      <input type="checkbox" checked={v} onChange={(e) => setPref(k, e.target.checked as EnginePrefs[typeof k])} />
      {label}
    </label>
  );
}

const MODES: readonly EngineMode[] = ['retail', 'authored'];
const MODE_TITLE: Record<EngineMode, string> = { retail: 'Retail', authored: 'Authored' };

/** One readout in both modes: the playing mode's output is named "dB", the other "dB (authored)". */
function ReadoutRow({
  pair,
  playing,
  tone,
}: {
  pair: ReadoutPair;
  playing: EngineMode;
  tone?: (mode: EngineMode) => 'bad' | 'good' | undefined;
}) {
  return (
    <tr className={pair.differs ? 'differs' : undefined}>
      <th scope="row" title={pair.differs ? 'retail and authored differ' : undefined}>
        {pair.label}
        {READOUT_UNITS[pair.label] && <span className="readout-unit">{READOUT_UNITS[pair.label]}</span>}
        {pair.differs && (
          <span className="diff-mark" aria-hidden="true">
            {' '}
            ≠
          </span>
        )}
      </th>
      {MODES.map((m) => (
        <td key={m} className={m === playing ? 'playing' : 'other'}>
          <output aria-label={readoutName(pair.label, m, playing)} aria-live="off" className={tone?.(m)}>
            {pair[m]}
          </output>
        </td>
      ))}
    </tr>
  );
}

/**
 * The Listener: its heading (mode, the open Wave's stereo rule) at once, its controls and readouts
 * from the frame after the first paint (issue #9: the first Waves rows wait on every element the
 * first frame lays out, and the disc and readouts cost as much as the rows).
 */
export function ListenerPanel() {
  const mode = useListener((s) => s.mode);
  // The selected Wave's channels: a stereo one states the rule the engine applies to it.
  const current = useNav((s) => s.current);
  const waveRow = useWaveRow(current?.kind === 'wave' ? current.id : null);
  const stereo = waveRow && !waveRow.error ? stereoStatement(waveRow.channels, waveRow.formatTag, mode) : null;
  const stereoShort = waveRow && !waveRow.error ? stereoBadge(waveRow.channels, waveRow.formatTag, mode) : null;
  return (
    <section className="listener" aria-label="Listener">
      <h2>
        Listener <span className="badge info">{mode}</span>
        {stereoShort && (
          // In view with the disc; the whole statement is the "Stereo Wave" note under the readouts.
          <span className="badge info" aria-hidden="true" title={stereo ?? undefined}>
            {stereoShort}
          </span>
        )}
      </h2>
      <AfterFirstPaint>
        <ListenerControls stereo={stereo} />
      </AfterFirstPaint>
    </section>
  );
}

/** The Listener's placement, readouts, volume stack, falloff, voice pool and help. */
function ListenerControls({ stereo }: { stereo: string | null }) {
  const settings = useListener();
  // Both modes from the same engine, the mode flag flipped: the playing mode is `settings.mode`.
  const byMode = useMemo(
    () => ({ retail: explain({ ...settings, mode: 'retail' }), authored: explain({ ...settings, mode: 'authored' }) }),
    [settings],
  );
  const result = byMode[settings.mode];
  // A Wave that cannot play (no samples, does not decode…) is never "played", whatever the engine decides.
  const problem = useOpenWaveProblem();
  const why = problem ? problemLabel(problem).toLowerCase() : null;
  const pairs = useMemo(() => {
    const p = compareReadouts(byMode.retail, byMode.authored);
    return why ? withCannotPlay(p, why) : p;
  }, [byMode, why]);
  const differences = pairs.filter((p) => p.differs).length;
  const levels = pathLevels(settings.path, settings.mode, settings.volume, settings.prefs);
  const centre = isCentrePath(settings.path);
  const last = usePlayer((s) => s.lastDecision);
  const lastSkip = usePlayer((s) => s.lastSkip);
  const sounding = usePlayer((s) => s.playing);
  // Every live readout follows the live decision for the current settings (never a stale play).
  const slotText = voiceSlotText(result.played, last, sounding);
  const muted = mutedText(result.played, settings.prefs);
  return (
    <>
      <Panner
        distance={settings.distance}
        bearing={settings.bearingDeg}
        radius={result.audibleRadius}
        centre={centre}
      />
      <SliderField
        name="Distance"
        unit="m"
        id="dist-slider"
        value={settings.distance}
        min={SETTING_RANGES.distance.min}
        max={SETTING_RANGES.distance.max}
        step={0.1}
        valueText={fmtMetres(settings.distance, 3)}
        normalize={(v) => clampSetting('distance', v)}
        onChange={setDistance}
      />
      <SliderField
        name="Bearing"
        unit="°"
        id="bearing-slider"
        value={settings.bearingDeg}
        min={SETTING_RANGES.bearingDeg.min}
        max={SETTING_RANGES.bearingDeg.max}
        step={1}
        valueText={fmtDegrees(settings.bearingDeg)}
        normalize={(v) => clampSetting('bearingDeg', v)}
        wraps={SETTING_RANGES.bearingDeg.wraps}
        onChange={setBearing}
      />
      {centre && <p className="note">This path plays from the centre: distance 0 and pan 0 whatever the placement.</p>}

      <Section title="Engine decision (live)">
        <table className="readouts" aria-label="Engine decision: retail and authored">
          <thead>
            <tr>
              <td />
              {MODES.map((m) => (
                <th
                  key={m}
                  scope="col"
                  className={m === settings.mode ? 'playing' : 'other'}
                  title={m === settings.mode ? 'the mode that plays' : 'computed for comparison; does not play'}
                >
                  {MODE_TITLE[m]}
                  {m === settings.mode ? ' ▶' : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pairs.map((p) => (
              <ReadoutRow
                key={p.label}
                pair={p}
                playing={settings.mode}
                tone={p.label === 'Outcome' ? (m) => (byMode[m].played && !why ? 'good' : 'bad') : undefined}
              />
            ))}
            {muted !== null && (
              <tr>
                <th scope="row">Output</th>
                <td colSpan={2} className="playing">
                  <output aria-label="Output" aria-live="off" className="bad">
                    {muted}
                  </output>
                </td>
              </tr>
            )}
            <tr>
              <th scope="row">Voice slot</th>
              <td colSpan={2} className="playing">
                <output
                  aria-label="Voice slot"
                  aria-live="off"
                  className={result.played && last?.dropped ? 'bad' : undefined}
                >
                  {slotText}
                </output>
              </td>
            </tr>
          </tbody>
        </table>
        {stereo && (
          <p className="note" role="note" aria-label="Stereo Wave">
            {stereo}
          </p>
        )}
        <p className="note" aria-live="off">
          {differences === 0
            ? 'Retail and authored agree for these settings.'
            : `${differences} readout${differences === 1 ? ' differs' : 's differ'} (≠): ${settings.mode} plays.`}
        </p>
        <p className="note">
          V = {levels.volume.toFixed(4)}, S = {levels.slider.toFixed(2)} · g = min(
          {centre ? 'V' : 'd < 5 ? V : 25·V/d²'}, 1)·S · dB = ⌈log₂ g · 6.0206⌉
        </p>
        {last && (
          <p className="note">
            Last play: {last.waveId !== null ? hex8(last.waveId) : '—'} via {last.path} —{' '}
            {last.played ? `played, ${fmtDb(last.dB ?? 0)}, pan ${fmtPan(last.pan ?? 0)}` : lastSkip}
          </p>
        )}
        <p className="note">
          <b>live re-apply (audition convenience; retail fixed gains at start)</b>: moving a control re-applies gains to
          voices that are sounding.
        </p>
      </Section>

      <Section title="Path and volume">
        <div className="ctl" style={{ gridTemplateColumns: '70px 1fr' }}>
          <label htmlFor="path-select">Path</label>
          <select
            id="path-select"
            className="field"
            aria-label="Path"
            value={settings.path}
            onChange={(e) => setPath(e.target.value as SoundPath)}
          >
            {SOUND_PATHS.map((p) => (
              <option key={p} value={p}>
                {PATH_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="ctl" style={{ gridTemplateColumns: '70px auto 1fr' }}>
          <label htmlFor="volume-field">Volume</label>
          <NumberField
            id="volume-field"
            className="volume"
            label="Volume"
            value={settings.volume}
            min={SETTING_RANGES.volume.min}
            max={SETTING_RANGES.volume.max}
            step={0.05}
            digits={4}
            onCommit={setVolume}
            disabled={volumeUnused(settings.path)}
            describedBy="volume-meaning"
          />
          <span id="volume-meaning" className="note" style={{ margin: 0 }}>
            {VOLUME_MEANING[settings.path]}
          </span>
        </div>
      </Section>

      <Section title="Volume stack (options screen)">
        <div className="stack">
          <span className="note" style={{ margin: 0 }}>
            on
          </span>
          <span className="note" style={{ margin: 0 }}>
            slider
          </span>
          <span />
          <span className="note" style={{ margin: 0, textAlign: 'right' }}>
            0–1
          </span>
          <StackRow
            name="Effect volume"
            sliderKey="effectVolume"
            enabledKey="effectsEnabled"
            enabledLabel="Effects enabled"
          />
          <StackRow
            name="Ambient volume"
            sliderKey="ambientVolume"
            enabledKey="ambientEnabled"
            enabledLabel="Ambient enabled"
          />
          <StackRow
            name="Interface volume"
            sliderKey="interfaceVolume"
            enabledKey="interfaceEnabled"
            enabledLabel="Interface enabled"
            note={
              settings.mode === 'retail'
                ? 'Read but unused in retail: interface paths use the effect slider'
                : undefined
            }
          />
        </div>
        {settings.mode === 'retail' && (
          <p className="note">
            Retail reads the interface slider but never uses it: interface paths follow the effect slider.
          </p>
        )}
        <div className="checks">
          <Check label="Play only when active" k="playOnlyWhenActive" />
          <Check label="App active" k="appActive" />
          <Check label="Mono" k="mono" />
        </div>
      </Section>

      <Section title="Falloff">
        <FalloffCurve
          volume={levels.volume}
          slider={levels.slider}
          distance={centre ? 0 : settings.distance}
          radius={result.audibleRadius}
          disabled={centre}
        />
      </Section>

      <Section title="Voice pool">
        <VoicePoolView />
      </Section>

      <details className="listener-help">
        <summary>Listener help: how a sound is placed</summary>
        <p className="note">
          The engine turns distance and bearing into a volume (dB) and a pan, then two channel gains. {CHANNEL_LAW}
        </p>
        <p className="note">{MONO_RULE}</p>
        <p className="note">{STEREO_RULE}</p>
        <p className="note">{MULTICHANNEL_RULE}</p>
        <p className="note">
          In retail mode an MP3 or ADPCM Wave is first converted by ACM to 11,025 Hz mono, so a stereo one plays as
          mono; PCM plays as stored. <i>Mono</i> (options) sets the pan to 0; the channels are kept.
        </p>
      </details>
    </>
  );
}
