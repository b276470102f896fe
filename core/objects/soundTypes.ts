/**
 * SoundType names (dat-format §6): the client's `SoundType` enum, identical in ACE (`Sound.cs`),
 * DRW (`dats.xml` enum `Sound`) and acclient.h (`Sound_` prefix). 205 values, 0x00–0xCC.
 * The typo "BreatheFlaem" (0x63) is authentic.
 */

const NUMBERED = (prefix: string, from: number, to: number): string[] => {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(prefix + i);
  return out;
};

/** The 205 SoundType names; the index is the enum value (dat-format §6). */
export const SOUND_TYPE_NAMES: readonly string[] = Object.freeze([
  'Invalid', // 0x00
  'Speak1',
  'Random', // 0x01–0x02
  'Attack1',
  'Attack2',
  'Attack3',
  'SpecialAttack1',
  'SpecialAttack2',
  'SpecialAttack3', // 0x03–0x08
  ...NUMBERED('Damage', 1, 3),
  ...NUMBERED('Wound', 1, 3),
  ...NUMBERED('Death', 1, 3), // 0x09–0x11
  ...NUMBERED('Grunt', 1, 3),
  ...NUMBERED('Oh', 1, 3),
  ...NUMBERED('Heave', 1, 3),
  ...NUMBERED('Knockdown', 1, 3), // 0x12–0x1D
  'Swoosh1',
  'Swoosh2',
  'Swoosh3', // 0x1E–0x20
  'Thump1',
  'Smash1',
  'Scratch1',
  'Spear',
  'Sling',
  'Dagger', // 0x21–0x26
  'ArrowWhiz1',
  'ArrowWhiz2',
  'CrossbowPull',
  'CrossbowRelease',
  'BowPull',
  'BowRelease',
  'ThrownWeaponRelease1', // 0x27–0x2D
  'ArrowLand',
  'Collision', // 0x2E–0x2F
  'HitFlesh1',
  'HitLeather1',
  'HitChain1',
  'HitPlate1',
  'HitMissile1',
  'HitMissile2',
  'HitMissile3', // 0x30–0x36
  'Footstep1',
  'Footstep2',
  'Walk1', // 0x37–0x39
  'Dance1',
  'Dance2',
  'Dance3',
  'Hidden1',
  'Hidden2',
  'Hidden3',
  'Eat1',
  'Drink1', // 0x3A–0x41
  'Open',
  'Close',
  'OpenSlam',
  'CloseSlam', // 0x42–0x45
  ...NUMBERED('Ambient', 1, 8),
  'Waterfall', // 0x46–0x4E
  'LogOut',
  'LogIn',
  'LifestoneOn', // 0x4F–0x51
  'AttribUp',
  'AttribDown',
  'SkillUp',
  'SkillDown',
  'HealthUp',
  'HealthDown', // 0x52–0x57
  'ShieldUp',
  'ShieldDown',
  'EnchantUp',
  'EnchantDown',
  'VisionUp',
  'VisionDown', // 0x58–0x5D
  'Fizzle',
  'Launch',
  'Explode',
  'TransUp',
  'TransDown', // 0x5E–0x62
  'BreatheFlaem',
  'BreatheAcid',
  'BreatheFrost',
  'BreatheLightning', // 0x63–0x66
  'Create',
  'Destroy',
  'Lockpicking', // 0x67–0x69
  'UI_EnterPortal',
  'UI_ExitPortal',
  'UI_GeneralQuery',
  'UI_GeneralError',
  'UI_TransientMessage',
  'UI_IconPickUp', // 0x6A–0x6F
  'UI_IconSuccessfulDrop',
  'UI_IconInvalid_Drop',
  'UI_ButtonPress',
  'UI_GrabSlider',
  'UI_ReleaseSlider',
  'UI_NewTargetSelected', // 0x70–0x75
  'UI_Roar',
  'UI_Bell',
  'UI_Chant1',
  'UI_Chant2',
  'UI_DarkWhispers1',
  'UI_DarkWhispers2',
  'UI_DarkLaugh',
  'UI_DarkWind', // 0x76–0x7D
  'UI_DarkSpeech',
  'UI_Drums',
  'UI_GhostSpeak',
  'UI_Breathing',
  'UI_Howl',
  'UI_LostSouls',
  'UI_Squeal', // 0x7E–0x84
  ...NUMBERED('UI_Thunder', 1, 6), // 0x85–0x8A
  'RaiseTrait',
  'WieldObject',
  'UnwieldObject',
  'ReceiveItem',
  'PickUpItem',
  'DropItem',
  'ResistSpell', // 0x8B–0x91
  'PicklockFail',
  'LockSuccess',
  'OpenFailDueToLock',
  'TriggerActivated',
  'SpellExpire',
  'ItemManaDepleted', // 0x92–0x97
  ...NUMBERED('TriggerActivated', 1, 50), // 0x98–0xC9 (value = 0x97 + n)
  'HealthDownVoid',
  'RegenDownVoid',
  'SkillDownVoid', // 0xCA–0xCC
]);

/** Number of SoundType values (client `NUM_SOUND_TYPES` = 0xCD). */
export const NUM_SOUND_TYPES = 0xcd;

/**
 * Name of a SoundType value: `soundTypeName(0x58)` → `'ShieldUp'`. Values outside 0x00–0xCC
 * (or non-integers) give `Unknown_0x` + at least two uppercase hex digits, e.g. `Unknown_0xCD`.
 */
export function soundTypeName(value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < SOUND_TYPE_NAMES.length) return SOUND_TYPE_NAMES[value]!;
  const v = Number.isFinite(value) ? Math.trunc(value) >>> 0 : 0;
  return 'Unknown_0x' + v.toString(16).toUpperCase().padStart(2, '0');
}

/** A SoundType for people: its name and its value in hex, `Footstep2 (0x73)`; an unnamed value once, `0xCD`. */
export function soundTypeLabel(value: number): string {
  const name = soundTypeName(value);
  const hex = name.startsWith('Unknown_') ? name.slice('Unknown_'.length) : null;
  if (hex !== null) return hex;
  return `${name} (0x${(value >>> 0).toString(16).toUpperCase().padStart(2, '0')})`;
}
