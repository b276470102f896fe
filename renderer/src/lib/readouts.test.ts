import { describe, expect, it } from 'vitest';
import {
  cannotPlayAfterRead,
  decide,
  DEFAULT_SETTINGS,
  explain,
  SeededRandom,
  VoicePool,
  type PlayDecision,
} from '../../../core/engine';
import { MINUS } from './format';
import {
  compareReadouts,
  describeRolls,
  mutedText,
  NOT_ALLOCATED,
  readoutName,
  readoutTexts,
  voiceSlotText,
  withCannotPlay,
  type ReadoutPair,
} from './readouts';

const played = (): PlayDecision =>
  ({ played: true, slot: 0, dropped: false, evicted: null, waveId: 0x0a000001 }) as unknown as PlayDecision;

describe('Voice slot readout', () => {
  it('shows the slot only while the live decision plays and the voice sounds', () => {
    expect(voiceSlotText(true, played(), true)).toBe('slot 0');
    expect(voiceSlotText(true, played(), false)).toBe(NOT_ALLOCATED);
  });
  it('played at 10 m, then moved to 95 m (inaudible): no slot, however the last play went', () => {
    expect(voiceSlotText(false, played(), true)).toBe('— (not allocated)');
  });
  it('nothing played yet, or the last request was skipped', () => {
    expect(voiceSlotText(true, null, false)).toBe(NOT_ALLOCATED);
    expect(voiceSlotText(true, { ...played(), played: false, slot: null } as PlayDecision, false)).toBe(NOT_ALLOCATED);
  });
  it('reports a retail drop and an authored eviction', () => {
    expect(voiceSlotText(true, { ...played(), played: false, slot: null, dropped: true } as PlayDecision, false)).toBe(
      'dropped (all 16 voices busy)',
    );
    expect(
      voiceSlotText(
        true,
        { ...played(), slot: 3, evicted: { slot: 3, waveId: 0x0a000002 } } as unknown as PlayDecision,
        true,
      ),
    ).toBe('slot 3 (evicted 0x0A000002)');
  });
});

describe('retail and authored side by side', () => {
  it('names the playing mode\'s output "dB" and the other "dB (authored)" / "dB (retail)"', () => {
    expect(readoutName('dB', 'retail', 'retail')).toBe('dB');
    expect(readoutName('dB', 'authored', 'retail')).toBe('dB (authored)');
    expect(readoutName('Left gain', 'retail', 'authored')).toBe('Left gain (retail)');
  });
  it('the interface path: retail uses the effect slider, authored the interface slider → dB differs', () => {
    const s = {
      ...DEFAULT_SETTINGS,
      path: 'interface-wave' as const,
      prefs: { ...DEFAULT_SETTINGS.prefs, effectVolume: 1, interfaceVolume: 0.25 },
    };
    const pairs = compareReadouts(explain({ ...s, mode: 'retail' }), explain({ ...s, mode: 'authored' }));
    const db = pairs.find((p) => p.label === 'dB')!;
    expect(db).toEqual({ label: 'dB', retail: '0 dB', authored: `${MINUS}12 dB`, differs: true });
    expect(pairs.find((p) => p.label === 'Outcome')).toMatchObject({
      retail: 'played',
      authored: 'played',
      differs: false,
    });
  });
  it('the default table-hook path at 10 m, +90°: both agree (−12 dB, pan +14)', () => {
    const s = { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 };
    const pairs = compareReadouts(explain({ ...s, mode: 'retail' }), explain({ ...s, mode: 'authored' }));
    expect(pairs.every((p) => !p.differs)).toBe(true);
    expect(readoutTexts(explain(s))).toMatchObject({ dB: `${MINUS}12 dB`, Pan: '+14', 'Left gain': '0.050119' });
  });
});

describe('describeRolls (the play log line)', () => {
  it('names each roll the engine used: ran2 pick, gate, level, slot', () => {
    const random = new SeededRandom(4);
    const rows = [1, 2, 3].map((waveId) => ({ waveId, priority: 0, probability: 1, volume: 1 }));
    const d = decide(
      { path: 'table-hook', rows, placement: { distance: 10, bearingDeg: 0 } },
      random,
      new VoicePool(),
      0,
    );
    const parts = describeRolls(d);
    expect(parts[0]).toMatch(/^ran2 U=0\.\d{8} → trunc\(\(3−1\)·U\) = row [01]$/);
    expect(parts[1]).toMatch(/^rand\(\) k=\d+ → k\/32767=[\d.]+ < p=1 pass$/);
    expect(parts[2]).toBe(`${MINUS}12 dB, pan 0`);
    expect(parts[3]).toMatch(/^slot \d+$/);
    const authored = decide({ path: 'table-hook', mode: 'authored', rows }, new SeededRandom(4));
    expect(describeRolls(authored)[0]).toContain('trunc(3·U)');
  });
  it('a Wave that cannot play shows no level: its rolls, not "0 dB, pan 0"', () => {
    const rows = [{ waveId: 0x0a000072, priority: 0, probability: 1, volume: 1 }];
    const played = decide({ path: 'table-hook', rows }, new SeededRandom(2), new VoicePool(), 0);
    expect(describeRolls(played).some((p) => p.includes('dB'))).toBe(true);
    const failed = cannotPlayAfterRead(played, 'Corrupt dat: block chain of 0x0A000072 …');
    const parts = describeRolls(failed);
    expect(parts.some((p) => /^ran2 U=/.test(p))).toBe(true);
    expect(parts.some((p) => p.includes('dB') || p.includes('pan'))).toBe(false);
  });
  it('a failed gate says fail and shows no level', () => {
    const d = decide(
      { path: 'table-hook', rows: [{ waveId: 1, priority: 0, probability: 0, volume: 1 }] },
      new SeededRandom(1),
    );
    const parts = describeRolls(d);
    expect(parts.some((p) => /≥ p=0 fail$/.test(p))).toBe(true);
    expect(parts.some((p) => p.includes('dB'))).toBe(false);
  });
});

describe('muted output', () => {
  it('a play with "App active" off is muted (retail buffers have no GLOBALFOCUS); nothing to say when it does not play', () => {
    expect(mutedText(true, { appActive: false })).toBe('muted: app not active — retail buffers have no GLOBALFOCUS');
    expect(mutedText(true, { appActive: true })).toBeNull();
    expect(mutedText(false, { appActive: false })).toBeNull();
  });
  it('an inaudible play shows "—" for Pan, like SetPan', () => {
    const t = readoutTexts(explain({ ...DEFAULT_SETTINGS, distance: 95, bearingDeg: 90 }));
    expect(t.Outcome).toBe('inaudible (below −50 dB)');
    expect(t.Pan).toBe('—');
    expect(t.SetPan).toBe('—');
  });
});

describe('a Wave that cannot play', () => {
  it('the Outcome says "cannot play — why" in both modes, never "played"', () => {
    const pairs: ReadoutPair[] = [
      { label: 'Outcome', retail: 'played', authored: 'played', differs: false },
      { label: 'dB', retail: '0 dB', authored: '-1 dB', differs: true },
    ];
    const out = withCannotPlay(pairs, 'cannot decode');
    expect(out[0]).toEqual({
      label: 'Outcome',
      retail: 'cannot play — cannot decode',
      authored: 'cannot play — cannot decode',
      differs: false,
    });
    expect(out[1]).toEqual({ label: 'dB', retail: '—', authored: '—', differs: false });
  });

  it('no voice values for it: g, dB, SetVolume, Pan, SetPan and the gains are "—"; the radius stays', () => {
    const out = withCannotPlay(
      compareReadouts(
        explain({ ...DEFAULT_SETTINGS, mode: 'retail' }),
        explain({ ...DEFAULT_SETTINGS, mode: 'authored' }),
      ),
      'cannot read',
    );
    const byLabel = new Map(out.map((p) => [p.label, p]));
    for (const label of ['g', 'dB', 'SetVolume', 'Pan', 'SetPan', 'Left gain', 'Right gain'] as const) {
      expect(byLabel.get(label)).toEqual({ label, retail: '—', authored: '—', differs: false });
    }
    expect(byLabel.get('Outcome')?.retail).toBe('cannot play — cannot read');
    expect(byLabel.get('Audible radius')?.retail).toMatch(/ m$/);
  });
});
