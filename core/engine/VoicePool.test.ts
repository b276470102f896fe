import { describe, expect, it } from 'vitest';
import { VOICE_COUNT, VoicePool } from './VoicePool';

const long = (waveId: number, priority = 0) => ({ waveId, durationSec: 10, priority });

describe('§6.5 voice pool', () => {
  it('sixteen starts from empty take slots 0..15 in order; the cursor is back at 0', () => {
    const pool = new VoicePool();
    for (let i = 0; i < 16; i++) {
      const r = pool.claim(0, long(i));
      expect(r.dropped).toBe(false);
      expect(r.slot).toBe(i);
      expect(pool.cursor).toBe((i + 1) % 16);
    }
    expect(pool.cursor).toBe(0);
  });

  it('16 playing, cursor 0, 17th request → dropped, cursor stays 0, no voice stopped', () => {
    const pool = new VoicePool();
    for (let i = 0; i < 16; i++) pool.claim(0, long(i, 0.9));
    const before = pool.snapshot(1);
    const r = pool.claim(1, long(99, 1), 'retail');
    expect(r).toEqual({ dropped: true, slot: null, evicted: null, reclaimed: null });
    expect(pool.cursor).toBe(0);
    expect(pool.snapshot(1)).toEqual(before);
  });

  it('slots 0 and 9 finished, cursor 0: next claims 0 (cursor → 1); the one after claims 9 (cursor → 10)', () => {
    const pool = new VoicePool();
    for (let i = 0; i < 16; i++) pool.claim(0, { waveId: i, durationSec: i === 0 || i === 9 ? 1 : 10 });
    expect(pool.cursor).toBe(0);
    const a = pool.claim(2, long(100));
    expect(a.slot).toBe(0);
    expect(a.reclaimed?.waveId).toBe(0);
    expect(pool.cursor).toBe(1);
    const b = pool.claim(2, long(101));
    expect(b.slot).toBe(9);
    expect(b.reclaimed?.waveId).toBe(9);
    expect(pool.cursor).toBe(10);
    expect(pool.claim(2, long(102)).dropped).toBe(true);
  });

  it('a voice has finished at exactly endSec (lazy reclaim: endSec <= now)', () => {
    const pool = new VoicePool();
    for (let i = 0; i < 16; i++) pool.claim(0, { waveId: i, durationSec: 5 });
    expect(pool.claim(4.999, long(1)).dropped).toBe(true);
    expect(pool.claim(5, long(1)).slot).toBe(0);
  });
});

describe('authored mode: priority eviction', () => {
  it('evicts the first slot in ring order from the cursor whose priority is strictly lower', () => {
    const pool = new VoicePool();
    const prios = [5, 5, 5, 1, 5, 5, 5, 5, 2, 5, 5, 5, 5, 5, 5, 5];
    prios.forEach((p, i) => pool.claim(0, long(i, p), 'authored'));
    expect(pool.cursor).toBe(0);
    const r = pool.claim(1, long(50, 3), 'authored');
    expect(r.dropped).toBe(false);
    expect(r.slot).toBe(3);
    expect(r.evicted?.waveId).toBe(3);
    expect(pool.cursor).toBe(4);
    // Next: ring order from 4 → slot 8 (priority 2) is the first lower than 3.
    const s = pool.claim(1, long(51, 3), 'authored');
    expect(s.slot).toBe(8);
    expect(pool.cursor).toBe(9);
    // Ties never evict.
    expect(pool.claim(1, long(52, 3), 'authored').dropped).toBe(true);
    expect(pool.cursor).toBe(9);
  });

  it('retail mode records priority 0 and never evicts, whatever the DAT priority', () => {
    const pool = new VoicePool();
    for (let i = 0; i < 16; i++) pool.claim(0, long(i, 0.5), 'retail');
    expect(pool.snapshot(0).slots.every((s) => s.voice?.priority === 0)).toBe(true);
    expect(pool.claim(1, long(99, 100), 'retail').dropped).toBe(true);
  });
});

describe('snapshot, release, reset, clone', () => {
  it('snapshot shows time left and busy count', () => {
    const pool = new VoicePool();
    pool.claim(0, { waveId: 0xa000012, path: 'table-hook', durationSec: 2 });
    pool.claim(0, { waveId: 0xa000013, durationSec: 0.5 });
    const snap = pool.snapshot(1);
    expect(snap.slots).toHaveLength(VOICE_COUNT);
    expect(snap.busy).toBe(1);
    expect(snap.cursor).toBe(2);
    expect(snap.slots[0]).toMatchObject({
      playing: true,
      timeLeftSec: 1,
      voice: { waveId: 0xa000012, path: 'table-hook' },
    });
    expect(snap.slots[1]).toMatchObject({ playing: false, timeLeftSec: 0 });
    expect(snap.slots[2]).toEqual({ slot: 2, voice: null, playing: false, timeLeftSec: 0 });
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
  });

  it('release empties a slot; reset empties all; clone is independent', () => {
    const pool = new VoicePool();
    for (let i = 0; i < 16; i++) pool.claim(0, long(i));
    const copy = pool.clone();
    pool.release(5);
    expect(pool.claim(0, long(77)).slot).toBe(5);
    expect(copy.claim(0, long(77)).dropped).toBe(true);
    pool.reset();
    expect(pool.cursor).toBe(0);
    expect(pool.busyCount(0)).toBe(0);
  });
});
