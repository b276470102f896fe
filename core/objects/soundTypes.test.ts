import { describe, expect, it } from 'vitest';
import { NUM_SOUND_TYPES, SOUND_TYPE_NAMES, soundTypeName } from './index';

describe('SoundType names (dat-format §6)', () => {
  it('has exactly 205 names, 0x00–0xCC, all distinct', () => {
    expect(SOUND_TYPE_NAMES).toHaveLength(205);
    expect(NUM_SOUND_TYPES).toBe(0xcd);
    expect(new Set(SOUND_TYPE_NAMES).size).toBe(205);
  });

  it.each(
    [
      [0x00, 'Invalid'],
      [0x01, 'Speak1'],
      [0x02, 'Random'],
      [0x08, 'SpecialAttack3'],
      [0x09, 'Damage1'],
      [0x0e, 'Wound3'],
      [0x11, 'Death3'],
      [0x1d, 'Knockdown3'],
      [0x1e, 'Swoosh1'],
      [0x1f, 'Swoosh2'],
      [0x20, 'Swoosh3'],
      [0x2d, 'ThrownWeaponRelease1'],
      [0x2f, 'Collision'],
      [0x36, 'HitMissile3'],
      [0x41, 'Drink1'],
      [0x4d, 'Ambient8'],
      [0x4e, 'Waterfall'],
      [0x51, 'LifestoneOn'],
      [0x58, 'ShieldUp'],
      [0x5b, 'EnchantDown'],
      [0x5d, 'VisionDown'],
      [0x62, 'TransDown'],
      [0x63, 'BreatheFlaem'],
      [0x69, 'Lockpicking'],
      [0x6a, 'UI_EnterPortal'],
      [0x71, 'UI_IconInvalid_Drop'],
      [0x75, 'UI_NewTargetSelected'],
      [0x84, 'UI_Squeal'],
      [0x85, 'UI_Thunder1'],
      [0x8a, 'UI_Thunder6'],
      [0x8b, 'RaiseTrait'],
      [0x95, 'TriggerActivated'],
      [0x96, 'SpellExpire'],
      [0x97, 'ItemManaDepleted'],
      [0x98, 'TriggerActivated1'],
      [0xc9, 'TriggerActivated50'],
      [0xca, 'HealthDownVoid'],
      [0xcb, 'RegenDownVoid'],
      [0xcc, 'SkillDownVoid'],
    ].map(([v, n]) => ['0x' + (v as number).toString(16).toUpperCase().padStart(2, '0'), v as number, n as string]),
  )('%s → %s', (_hex, value, name) => {
    expect(soundTypeName(value as number)).toBe(name);
    expect(SOUND_TYPE_NAMES[value as number]).toBe(name);
  });

  it('TriggerActivated n = 0x97 + n for n = 1..50', () => {
    for (let n = 1; n <= 50; n++) expect(soundTypeName(0x97 + n)).toBe(`TriggerActivated${n}`);
  });

  it('keeps the authentic typo "BreatheFlaem" and has no "BreatheFlame"', () => {
    expect(SOUND_TYPE_NAMES).toContain('BreatheFlaem');
    expect(SOUND_TYPE_NAMES).not.toContain('BreatheFlame');
  });

  it('names values outside the enum Unknown_0x..', () => {
    expect(soundTypeName(0xcd)).toBe('Unknown_0xCD');
    expect(soundTypeName(0x1234)).toBe('Unknown_0x1234');
    expect(soundTypeName(0xffffffff)).toBe('Unknown_0xFFFFFFFF');
    expect(soundTypeName(-1)).toBe('Unknown_0xFFFFFFFF');
  });
});
