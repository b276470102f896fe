/**
 * The name of every MotionCommand (client `MotionCommand`): the 409 values and names of ACE's
 * public enum (`Source/ACE.Entity/Enum/MotionCommand.cs`, the field's reference; the shared spec
 * sound-sources §3.3 lists the common ones and cites it and DRW `dats.xml` enum MotionCommand,
 * which has the same 409). High byte = the command's classes (0x80 stance, 0x40 substate, 0x20
 * modifier, 0x10 action, others UI/command groups); a command's low 16 bits are unique, so a
 * MotionTable key's low half names its command. One table for the app and the CLI.
 */

/**
 * The table as data: `value name` pairs, the value as 8 hex digits, in ascending low 16 bits.
 * (ACE's comments drop three "duplicates" whose low bits collide; 0x1000010F is SkillHealOther.)
 */
const TABLE = `
00000000 Invalid  85000001 HoldRun  85000002 HoldSidestep  41000003 Ready
40000004 Stop  45000005 WalkForward  45000006 WalkBackwards  44000007 RunForward
40000008 Fallen  40000009 Interpolating  4000000a Hover  4000000b On
4000000c Off  6500000d TurnRight  6500000e TurnLeft  6500000f SideStepRight
65000010 SideStepLeft  40000011 Dead  41000012 Crouch  41000013 Sitting
41000014 Sleeping  40000015 Falling  40000016 Reload  40000017 Unload
40000018 Pickup  40000019 StoreInBackpack  4000001a Eat  4000001b Drink
4000001c Reading  4000001d JumpCharging  4000001e AimLevel  4000001f AimHigh15
40000020 AimHigh30  40000021 AimHigh45  40000022 AimHigh60  40000023 AimHigh75
40000024 AimHigh90  40000025 AimLow15  40000026 AimLow30  40000027 AimLow45
40000028 AimLow60  40000029 AimLow75  4000002a AimLow90  4000002b MagicBlast
4000002c MagicSelfHead  4000002d MagicSelfHeart  4000002e MagicBonus  4000002f MagicClap
40000030 MagicHarm  40000031 MagicHeal  40000032 MagicThrowMissile  40000033 MagicRecoilMissile
40000034 MagicPenalty  40000035 MagicTransfer  40000036 MagicVision  40000037 MagicEnchantItem
40000038 MagicPortal  40000039 MagicPray  2000003a StopTurning  2500003b Jump
8000003c HandCombat  8000003d NonCombat  8000003e SwordCombat  8000003f BowCombat
80000040 SwordShieldCombat  80000041 CrossbowCombat  80000042 UnusedCombat  80000043 SlingCombat
80000044 TwoHandedSwordCombat  80000045 TwoHandedStaffCombat  80000046 DualWieldCombat  80000047 ThrownWeaponCombat
80000048 Graze  80000049 Magic  1000004a Hop  1000004b Jumpup
1300004c Cheer  1000004d ChestBeat  1000004e TippedLeft  1000004f TippedRight
10000050 FallDown  10000051 Twitch1  10000052 Twitch2  10000053 Twitch3
10000054 Twitch4  10000055 StaggerBackward  10000056 StaggerForward  10000057 Sanctuary
10000058 ThrustMed  10000059 ThrustLow  1000005a ThrustHigh  1000005b SlashHigh
1000005c SlashMed  1000005d SlashLow  1000005e BackhandHigh  1000005f BackhandMed
10000060 BackhandLow  10000061 Shoot  10000062 AttackHigh1  10000063 AttackMed1
10000064 AttackLow1  10000065 AttackHigh2  10000066 AttackMed2  10000067 AttackLow2
10000068 AttackHigh3  10000069 AttackMed3  1000006a AttackLow3  1000006b HeadThrow
1000006c FistSlam  1000006d BreatheFlame  1000006e SpinAttack  1000006f MagicPowerUp01
10000070 MagicPowerUp02  10000071 MagicPowerUp03  10000072 MagicPowerUp04  10000073 MagicPowerUp05
10000074 MagicPowerUp06  10000075 MagicPowerUp07  10000076 MagicPowerUp08  10000077 MagicPowerUp09
10000078 MagicPowerUp10  13000079 ShakeFist  1300007a Beckon  1300007b BeSeeingYou
1300007c BlowKiss  1300007d BowDeep  1300007e ClapHands  1300007f Cry
13000080 Laugh  13000081 MimeEat  13000082 MimeDrink  13000083 Nod
13000084 Point  13000085 ShakeHead  13000086 Shrug  13000087 Wave
13000088 Akimbo  13000089 HeartyLaugh  1300008a Salute  1300008b ScratchHead
1300008c SmackHead  1300008d TapFoot  1300008e WaveHigh  1300008f WaveLow
13000090 YawnStretch  13000091 Cringe  13000092 Kneel  13000093 Plead
13000094 Shiver  13000095 Shoo  13000096 Slouch  13000097 Spit
13000098 Surrender  13000099 Woah  1300009a Winded  1200009b YMCA
1000009c EnterGame  1000009d ExitGame  1000009e OnCreation  1000009f OnDestruction
100000a0 EnterPortal  100000a1 ExitPortal  080000a2 Cancel  090000a3 UseSelected
090000a4 AutosortSelected  090000a5 DropSelected  090000a6 GiveSelected  090000a7 SplitSelected
090000a8 ExamineSelected  080000a9 CreateShortcutToSelected  090000aa PreviousCompassItem  090000ab NextCompassItem
090000ac ClosestCompassItem  090000ad PreviousSelection  090000ae LastAttacker  090000af PreviousFellow
090000b0 NextFellow  090000b1 ToggleCombat  0d0000b2 HighAttack  0d0000b3 MediumAttack
0d0000b4 LowAttack  080000b5 EnterChat  080000b6 ToggleChat  080000b7 SavePosition
090000b8 OptionsPanel  090000b9 ResetView  0d0000ba CameraLeftRotate  0d0000bb CameraRightRotate
0d0000bc CameraRaise  0d0000bd CameraLower  0d0000be CameraCloser  0d0000bf CameraFarther
090000c0 FloorView  0c0000c1 MouseLook  090000c2 PreviousItem  090000c3 NextItem
090000c4 ClosestItem  0d0000c5 ShiftView  090000c6 MapView  090000c7 AutoRun
090000c8 DecreasePowerSetting  090000c9 IncreasePowerSetting  130000ca Pray  130000cb Mock
130000cc Teapot  100000cd SpecialAttack1  100000ce SpecialAttack2  100000cf SpecialAttack3
100000d0 MissileAttack1  100000d1 MissileAttack2  100000d2 MissileAttack3  400000d3 CastSpell
120000d4 Flatulence  090000d5 FirstPersonView  090000d6 AllegiancePanel  090000d7 FellowshipPanel
090000d8 SpellbookPanel  090000d9 SpellComponentsPanel  090000da HousePanel  090000db AttributesPanel
090000dc SkillsPanel  090000dd MapPanel  090000de InventoryPanel  120000df Demonet
400000e0 UseMagicStaff  400000e1 UseMagicWand  100000e2 Blink  100000e3 Bite
400000e4 TwitchSubstate1  400000e5 TwitchSubstate2  400000e6 TwitchSubstate3  090000e7 CaptureScreenshotToFile
800000e8 BowNoAmmo  800000e9 CrossBowNoAmmo  430000ea ShakeFistState  430000eb PrayState
430000ec BowDeepState  430000ed ClapHandsState  430000ee CrossArmsState  430000ef ShiverState
430000f0 PointState  430000f1 WaveState  430000f2 AkimboState  430000f3 SaluteState
430000f4 ScratchHeadState  430000f5 TapFootState  430000f6 LeanState  430000f7 KneelState
430000f8 PleadState  420000f9 ATOYOT  430000fa SlouchState  430000fb SurrenderState
430000fc WoahState  430000fd WindedState  090000fe AutoCreateShortcuts  090000ff AutoRepeatAttacks
09000100 AutoTarget  09000101 AdvancedCombatInterface  09000102 IgnoreAllegianceRequests  09000103 IgnoreFellowshipRequests
09000104 InvertMouseLook  09000105 LetPlayersGiveYouItems  09000106 AutoTrackCombatTargets  09000107 DisplayTooltips
09000108 AttemptToDeceivePlayers  09000109 RunAsDefaultMovement  0900010a StayInChatModeAfterSend  0900010b RightClickToMouseLook
0900010c VividTargetIndicator  0900010d SelectSelf  1000010e SkillHealSelf  1000010f SkillHealOther
09000110 PreviousMonster  09000111 ClosestMonster  09000112 NextPlayer  09000113 PreviousPlayer
09000114 ClosestPlayer  43000118 SnowAngelState  13000119 WarmHands  4300011a CurtseyState
4300011b AFKState  4300011c MeditateState  0900011d TradePanel  1000011e LogOut
1000011f DoubleSlashLow  10000120 DoubleSlashMed  10000121 DoubleSlashHigh  10000122 TripleSlashLow
10000123 TripleSlashMed  10000124 TripleSlashHigh  10000125 DoubleThrustLow  10000126 DoubleThrustMed
10000127 DoubleThrustHigh  10000128 TripleThrustLow  10000129 TripleThrustMed  1000012a TripleThrustHigh
1000012b MagicPowerUp01Purple  1000012c MagicPowerUp02Purple  1000012d MagicPowerUp03Purple  1000012e MagicPowerUp04Purple
1000012f MagicPowerUp05Purple  10000130 MagicPowerUp06Purple  10000131 MagicPowerUp07Purple  10000132 MagicPowerUp08Purple
10000133 MagicPowerUp09Purple  10000134 MagicPowerUp10Purple  13000135 Helper  40000136 Pickup5
40000137 Pickup10  40000138 Pickup15  40000139 Pickup20  1000013a HouseRecall
8000013b AtlatlCombat  8000013c ThrownShieldCombat  4300013d SitState  4300013e SitCrossleggedState
4300013f SitBackState  43000140 PointLeftState  43000141 PointRightState  43000142 TalktotheHandState
43000143 PointDownState  43000144 DrudgeDanceState  43000145 PossumState  43000146 ReadState
43000147 ThinkerState  43000148 HaveASeatState  43000149 AtEaseState  1300014a NudgeLeft
1300014b NudgeRight  1300014c PointLeft  1300014d PointRight  1300014e PointDown
1300014f Knock  13000150 ScanHorizon  13000151 DrudgeDance  13000152 HaveASeat
10000153 LifestoneRecall  09000154 CharacterOptionsPanel  09000155 SoundAndGraphicsPanel  09000156 HelpfulSpellsPanel
09000157 HarmfulSpellsPanel  09000158 CharacterInformationPanel  09000159 LinkStatusPanel  0900015a VitaePanel
0900015b ShareFellowshipXP  0900015c ShareFellowshipLoot  0900015d AcceptCorpseLooting  0900015e IgnoreTradeRequests
0900015f DisableWeather  09000160 DisableHouseEffect  09000161 SideBySideVitals  09000162 ShowRadarCoordinates
09000163 ShowSpellDurations  09000164 MuteOnLosingFocus  10000165 Fishing  10000166 MarketplaceRecall
10000167 EnterPKLite  09000168 AllegianceChat  09000169 AutomaticallyAcceptFellowshipRequests  0900016a Reply
0900016b MonarchReply  0900016c PatronReply  0900016d ToggleCraftingChanceOfSuccessDialog  0900016e UseClosestUnopenedCorpse
0900016f UseNextUnopenedCorpse  09000170 IssueSlashCommand  10000171 AllegianceHometownRecall  10000172 PKArenaRecall
10000173 OffhandSlashHigh  10000174 OffhandSlashMed  10000175 OffhandSlashLow  10000176 OffhandThrustHigh
10000177 OffhandThrustMed  10000178 OffhandThrustLow  10000179 OffhandDoubleSlashLow  1000017a OffhandDoubleSlashMed
1000017b OffhandDoubleSlashHigh  1000017c OffhandTripleSlashLow  1000017d OffhandTripleSlashMed  1000017e OffhandTripleSlashHigh
1000017f OffhandDoubleThrustLow  10000180 OffhandDoubleThrustMed  10000181 OffhandDoubleThrustHigh  10000182 OffhandTripleThrustLow
10000183 OffhandTripleThrustMed  10000184 OffhandTripleThrustHigh  10000185 OffhandKick  10000186 AttackHigh4
10000187 AttackMed4  10000188 AttackLow4  10000189 AttackHigh5  1000018a AttackMed5
1000018b AttackLow5  1000018c AttackHigh6  1000018d AttackMed6  1000018e AttackLow6
1000018f PunchFastHigh  10000190 PunchFastMed  10000191 PunchFastLow  10000192 PunchSlowHigh
10000193 PunchSlowMed  10000194 PunchSlowLow  10000195 OffhandPunchFastHigh  10000196 OffhandPunchFastMed
10000197 OffhandPunchFastLow  10000198 OffhandPunchSlowHigh  10000199 OffhandPunchSlowMed  1000019a OffhandPunchSlowLow
1000019b WoahDuplicate2
`;

/** Full MotionCommand value → name, every command of the enum (409; stances are class 0x80000000). */
export const MOTION_COMMAND_NAMES: ReadonlyMap<number, string> = new Map<number, string>(
  [...TABLE.matchAll(/([0-9a-f]{8}) (\w+)/g)].map((m) => [parseInt(m[1]!, 16) >>> 0, m[2]!]),
);

// 0 (Invalid) is not a command a key can name: a key's low half 0 is "from any substate".
const BY_LOW16 = new Map<number, number>(
  [...MOTION_COMMAND_NAMES.keys()].filter((v) => v !== 0).map((v) => [v & 0xffff, v]),
);
const BY_NAME = new Map<string, number>([...MOTION_COMMAND_NAMES].map(([v, n]) => [n.toLowerCase(), v]));

/** The name of a MotionCommand (e.g. 0x45000005 → "WalkForward"), else `Motion_0x45000999`. */
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
