import { describe, expect, it } from 'vitest';
import { MOTION_COMMAND_NAMES, motionByName, motionFromLow16, motionName } from './motionNames';

describe('every MotionCommand has its name (ACE MotionCommand enum; sound-sources §3.3)', () => {
  it('the whole enum: 409 commands, each name once, each low 16 bits once', () => {
    expect(MOTION_COMMAND_NAMES.size).toBe(409);
    const names = [...MOTION_COMMAND_NAMES.values()];
    expect(new Set(names).size).toBe(409);
    expect(new Set([...MOTION_COMMAND_NAMES.keys()].map((v) => v & 0xffff)).size).toBe(409);
  });
  it('beyond the common commands: emotes, emote states, UI commands, offhand and punch attacks', () => {
    expect(
      [0x1300004c, 0x43000144, 0x420000f9, 0x090000d8, 0x1000018f, 0x10000185, 0x1000012b, 0x40000136].map(motionName),
    ).toEqual([
      'Cheer',
      'DrudgeDanceState',
      'ATOYOT',
      'SpellbookPanel',
      'PunchFastHigh',
      'OffhandKick',
      'MagicPowerUp01Purple',
      'Pickup5',
    ]);
  });
  it('the common commands keep their names and values (the §3.3 table)', () => {
    const common: [number, string][] = [
      [0x41000003, 'Ready'],
      [0x45000005, 'WalkForward'],
      [0x2500003b, 'Jump'],
      [0x10000062, 'AttackHigh1'],
      [0x1000018e, 'AttackLow6'],
      [0x100000e3, 'Bite'],
      [0x8000003d, 'NonCombat'],
      [0x8000013c, 'ThrownShieldCombat'],
    ];
    for (const [v, n] of common) expect([motionName(v), motionByName(n)]).toEqual([n, v]);
  });
  it('a MotionTable key\'s low half names any command; 0 stays the class bits ("from any substate")', () => {
    expect(motionFromLow16(0x0144, 0x40000000)).toBe(0x43000144);
    expect(motionFromLow16(0x0000, 0x40000000)).toBe(0x40000000);
    expect(motionFromLow16(0x0fff, 0x40000000)).toBe(0x40000fff);
  });
  it('names look up in any case; an unknown value has a fallback name', () => {
    expect(motionByName('drudgedancestate')).toBe(0x43000144);
    expect(motionByName('Dance')).toBeNull();
    expect(motionName(0x10000999)).toBe('Motion_0x10000999');
  });
});
