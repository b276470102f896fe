import { describe, expect, it } from 'vitest';
import type { PlayDecision } from '../../../core/engine';
import { NOT_ALLOCATED, voiceSlotText } from './readouts';

const played = (): PlayDecision => ({ played: true, slot: 0, dropped: false, evicted: null, waveId: 0x0a000001 }) as unknown as PlayDecision;

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
    expect(voiceSlotText(true, { ...played(), played: false, slot: null, dropped: true } as PlayDecision, false)).toBe('dropped (all 16 voices busy)');
    expect(voiceSlotText(true, { ...played(), slot: 3, evicted: { slot: 3, waveId: 0x0a000002 } } as unknown as PlayDecision, true)).toBe('slot 3 (evicted 0x0A000002)');
  });
});
