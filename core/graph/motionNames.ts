/**
 * Names of the common MotionCommands (client `MotionCommand`; DRW `dats.xml` enum MotionCommand,
 * ACE `Enum/MotionCommand.cs`), as listed in the shared spec sound-sources §3.3. A motion's low
 * 16 bits are unique across all commands, so a table key's low half names its command.
 */

/** Full MotionCommand value → name (the §3.3 table; stances are class 0x80000000). */
export const MOTION_COMMAND_NAMES: ReadonlyMap<number, string> = new Map<number, string>([
  [0x41000003, 'Ready'],
  [0x40000004, 'Stop'],
  [0x45000005, 'WalkForward'],
  [0x45000006, 'WalkBackwards'],
  [0x44000007, 'RunForward'],
  [0x40000008, 'Fallen'],
  [0x4000000b, 'On'],
  [0x4000000c, 'Off'],
  [0x6500000d, 'TurnRight'],
  [0x6500000e, 'TurnLeft'],
  [0x6500000f, 'SideStepRight'],
  [0x65000010, 'SideStepLeft'],
  [0x40000011, 'Dead'],
  [0x41000012, 'Crouch'],
  [0x41000013, 'Sitting'],
  [0x41000014, 'Sleeping'],
  [0x40000015, 'Falling'],
  [0x40000016, 'Reload'],
  [0x40000018, 'Pickup'],
  [0x4000001a, 'Eat'],
  [0x4000001b, 'Drink'],
  [0x2500003b, 'Jump'],
  [0x10000050, 'FallDown'],
  [0x10000051, 'Twitch1'],
  [0x10000052, 'Twitch2'],
  [0x10000053, 'Twitch3'],
  [0x10000054, 'Twitch4'],
  [0x10000055, 'StaggerBackward'],
  [0x10000056, 'StaggerForward'],
  [0x10000057, 'Sanctuary'],
  [0x10000058, 'ThrustMed'],
  [0x10000059, 'ThrustLow'],
  [0x1000005a, 'ThrustHigh'],
  [0x1000005b, 'SlashHigh'],
  [0x1000005c, 'SlashMed'],
  [0x1000005d, 'SlashLow'],
  [0x1000005e, 'BackhandHigh'],
  [0x1000005f, 'BackhandMed'],
  [0x10000060, 'BackhandLow'],
  [0x10000061, 'Shoot'],
  [0x10000062, 'AttackHigh1'],
  [0x10000063, 'AttackMed1'],
  [0x10000064, 'AttackLow1'],
  [0x10000065, 'AttackHigh2'],
  [0x10000066, 'AttackMed2'],
  [0x10000067, 'AttackLow2'],
  [0x10000068, 'AttackHigh3'],
  [0x10000069, 'AttackMed3'],
  [0x1000006a, 'AttackLow3'],
  [0x1000006b, 'HeadThrow'],
  [0x1000006c, 'FistSlam'],
  [0x1000006d, 'BreatheFlame'],
  [0x1000006e, 'SpinAttack'],
  [0x100000cd, 'SpecialAttack1'],
  [0x100000ce, 'SpecialAttack2'],
  [0x100000cf, 'SpecialAttack3'],
  [0x100000d0, 'MissileAttack1'],
  [0x100000d1, 'MissileAttack2'],
  [0x100000d2, 'MissileAttack3'],
  [0x400000d3, 'CastSpell'],
  [0x100000e3, 'Bite'],
  [0x8000003c, 'HandCombat'],
  [0x8000003d, 'NonCombat'],
  [0x8000003e, 'SwordCombat'],
  [0x8000003f, 'BowCombat'],
  [0x80000040, 'SwordShieldCombat'],
  [0x80000041, 'CrossbowCombat'],
  [0x80000043, 'SlingCombat'],
  [0x80000044, 'TwoHandedSwordCombat'],
  [0x80000045, 'TwoHandedStaffCombat'],
  [0x80000046, 'DualWieldCombat'],
  [0x80000047, 'ThrownWeaponCombat'],
  [0x80000048, 'Graze'],
  [0x80000049, 'Magic'],
  [0x8000013b, 'AtlatlCombat'],
  [0x8000013c, 'ThrownShieldCombat'],
]);

const BY_LOW16 = new Map<number, number>([...MOTION_COMMAND_NAMES.keys()].map((v) => [v & 0xffff, v]));
const BY_NAME = new Map<string, number>([...MOTION_COMMAND_NAMES].map(([v, n]) => [n.toLowerCase(), v]));

/** The name of a MotionCommand (e.g. 0x45000005 → "WalkForward"), else `Motion_0x45000099`. */
export function motionName(motion: number): string {
  const m = motion >>> 0;
  return MOTION_COMMAND_NAMES.get(m) ?? `Motion_0x${m.toString(16).toUpperCase().padStart(8, '0')}`;
}

/** The MotionCommand named `name` (any case), or null. */
export function motionByName(name: string): number | null {
  return BY_NAME.get(name.toLowerCase()) ?? null;
}

/**
 * The full MotionCommand whose low 16 bits are `low16` (a table key's low half, sound-sources
 * §3.3), or `classBits | low16` when the command is not in the table.
 */
export function motionFromLow16(low16: number, classBits: number): number {
  return BY_LOW16.get(low16 & 0xffff) ?? (classBits | (low16 & 0xffff)) >>> 0;
}
