/**
 * A small dat with every kind of sound-graph edge (issue #7) and one corrupt object of each new
 * type, built by our writers (core/dat `writeDat`, core/objects writers): the fixture of the
 * graph, timeline, service and CLI tests. Its ids and hooks follow the examples of issue #7's
 * CLI section (Setup 0x02000001 → SoundTable 0x20000001, MotionTable 0x09000001, …).
 */
import { writeDat, type DatWriterFile } from '../dat';
import {
  writeAnimation,
  writeMotionTable,
  writePhysicsScript,
  writePhysicsScriptTable,
  writeRegion,
  writeSetup,
  writeSoundTable,
  writeWave,
  encodeWaveFormat,
} from '../objects';
import type { SoundTable } from '../objects';
import { pcmFormat } from './waveFixtures';
import {
  animData,
  creatureMotionTable,
  hook,
  key,
  MOTION,
  motionData,
  sampleAnimation,
  sampleRegion,
  sampleScript,
  sampleSetup,
} from './soundSources';

/** The fixture's ids. */
export const GX = {
  setup: 0x02000001,
  /** A Setup with no SoundTable and no sound hooks (not a creature), whose default script is {@link GX.script}. */
  plainSetup: 0x02000002,
  /** Truncated: a Setup cut short. */
  badSetup: 0x02000003,
  motionTable: 0x09000001,
  /** A cycle count far beyond the bytes. */
  badMotionTable: 0x09000002,
  /** Walk: Sound (frame 3, Forward), SoundTable Footstep1 (frame 7, Both), SoundTweaked (frame 9, Backward); 20 frames. */
  walk: 0x03000001,
  idle: 0x03000002,
  /** Attack: SoundTable Swoosh1 on frame 4, a CallPES on frame 5, a Sound on its high frame 9 (never fires forward). */
  attack: 0x03000003,
  /** Death: SoundTable Death1 on frame 0, Forward. */
  death: 0x03000004,
  /** Unknown hook type 99 in frame 1. */
  badAnimation: 0x03000005,
  corpse: 0x03000006,
  script: 0x33000001,
  /** Unknown hook type in entry 0. */
  badScript: 0x33000002,
  scriptTable: 0x34000001,
  /** Truncated inside its first type entry. */
  badScriptTable: 0x34000002,
  region: 0x13000000,
  /** A scene type's ambient-set index out of range. */
  badRegion: 0x13000001,
  table: 0x20000001,
  ambientTable: 0x20000009,
  wave10: 0x0a000010,
  wave11: 0x0a000011,
  wave12: 0x0a000012,
  wave13: 0x0a000013,
  /** SoundTypes (dat-format §6). */
  Footstep1: 0x37,
  Wound1: 0x0c,
  Swoosh1: 0x1e,
  Death1: 0x0f,
  Ambient1: 0x46,
} as const;

function wave(id: number, frames: number): Uint8Array {
  const data = new Uint8Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin(i / 5) * 8000);
    data[2 * i] = v & 0xff;
    data[2 * i + 1] = (v >> 8) & 0xff;
  }
  return writeWave({ id, formatBytes: encodeWaveFormat(pcmFormat(1, 11025, 16)), data });
}

function table(id: number, sounds: [number, number[]][]): SoundTable {
  return {
    id,
    hashKey: 0,
    rootEntries: [],
    sounds: sounds.map(([k, waves]) => ({
      key: k,
      entries: waves.map((waveId) => ({ waveId, priority: 0, probability: 1, volume: Math.fround(0.8) })),
      children: [],
    })),
  };
}

/** The fixture's objects (ids as in {@link GX}). */
export function graphFixtureFiles(): DatWriterFile[] {
  const g = GX;
  const u32 = (...v: number[]): Uint8Array => new Uint8Array(new Uint32Array(v).buffer);
  const goodSetup = writeSetup(sampleSetup(g.badSetup));
  const files: DatWriterFile[] = [
    { id: g.wave10, data: wave(g.wave10, 2205) },
    { id: g.wave11, data: wave(g.wave11, 1102) },
    { id: g.wave12, data: wave(g.wave12, 2205) },
    { id: g.wave13, data: wave(g.wave13, 4410) },
    {
      id: g.table,
      data: writeSoundTable(
        table(g.table, [
          [g.Footstep1, [g.wave12, g.wave13]],
          [g.Wound1, [g.wave10]],
          [g.Swoosh1, [g.wave13]],
          [g.Death1, [g.wave13]],
        ]),
      ),
    },
    { id: g.ambientTable, data: writeSoundTable(table(g.ambientTable, [[g.Ambient1, [g.wave13]]])) },
    {
      id: g.setup,
      data: writeSetup(
        sampleSetup(g.setup, { soundTable: g.table, motionTable: g.motionTable, physicsScriptTable: g.scriptTable }),
      ),
    },
    { id: g.plainSetup, data: writeSetup(sampleSetup(g.plainSetup, { defaultScript: g.script })) },
    { id: g.badSetup, data: goodSetup.subarray(0, goodSetup.length - 6) },
    {
      id: g.motionTable,
      data: writeMotionTable(
        creatureMotionTable(g.motionTable, {
          idle: g.idle,
          walk: g.walk,
          attack: g.attack,
          death: g.death,
          corpse: g.corpse,
        }),
      ),
    },
    // id, default style, 0 style defaults, then a cycle count of 0x10000000
    { id: g.badMotionTable, data: u32(g.badMotionTable, 0x8000003d, 0, 0x10000000) },
    {
      id: g.walk,
      data: writeAnimation(
        sampleAnimation(g.walk, 20, {
          3: [hook.sound(g.wave10, 1)],
          7: [hook.soundTable(g.Footstep1, 0)],
          9: [hook.tweaked(g.wave11, 0.5, 0.9, 0.8, -1)],
        }),
      ),
    },
    { id: g.idle, data: writeAnimation(sampleAnimation(g.idle, 10)) },
    {
      id: g.attack,
      data: writeAnimation(
        sampleAnimation(g.attack, 10, {
          4: [hook.soundTable(g.Swoosh1, 1)],
          5: [hook.callPes(g.script, 0)],
          9: [hook.sound(g.wave10, 0)],
        }),
      ),
    },
    { id: g.death, data: writeAnimation(sampleAnimation(g.death, 12, { 0: [hook.soundTable(g.Death1, 1)] })) },
    { id: g.corpse, data: writeAnimation(sampleAnimation(g.corpse, 1)) },
    // an Animation whose frame 1 holds a hook of type 99 (unknown: it cannot be skipped)
    { id: g.badAnimation, data: badHookAnimation() },
    {
      id: g.script,
      data: writePhysicsScript(
        sampleScript(g.script, [
          [1.5, hook.noDraw()],
          [0.5, hook.sound(g.wave10)],
        ]),
      ),
    },
    { id: g.badScript, data: u32(g.badScript, 1, 0, 0, 99, 0) },
    {
      id: g.scriptTable,
      data: writePhysicsScriptTable({
        id: g.scriptTable,
        types: [{ type: 0x58, scripts: [{ mod: 0, scriptId: g.script }] }],
      }),
    },
    { id: g.badScriptTable, data: u32(g.badScriptTable, 1, 0x58, 5, 0) },
    {
      id: g.region,
      data: writeRegion(
        sampleRegion(
          g.region,
          'Dereth',
          [
            {
              soundTableId: g.ambientTable,
              sounds: [{ soundType: g.Ambient1, volume: 0.5, baseChance: 0, minRate: 10, maxRate: 20 }],
            },
          ],
          [['BarrenRock', [0, null]]],
        ),
      ),
    },
    { id: g.badRegion, data: badIndexRegion() },
  ];
  return files;
}

/** The walk Animation with frame 1's NoDraw hook retyped to 99. */
function badHookAnimation(): Uint8Array {
  const bytes = writeAnimation(sampleAnimation(GX.badAnimation, 3, { 1: [hook.noDraw()] }));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // frame 0: 28 + 4 (no hooks); frame 1: 28 + count 4, then the hook type
  view.setUint32(16 + 32 + 28 + 4, 99, true);
  return bytes;
}

/** A Region whose scene type 0 names ambient set 5 of 1 (the writer's bytes, index patched). */
function badIndexRegion(): Uint8Array {
  return patchSceneIndex(
    writeRegion(sampleRegion(GX.badRegion, 'Broken', [{ soundTableId: GX.ambientTable, sounds: [] }], [])),
  );
}

function patchSceneIndex(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Layout after the ambient sets: u32 scene-type count (1), then stbIndex, scene count, terrain count...
  // The ambient set is: stb id (ambientTable), sound count 0 → then scene-type count 1, stbIndex 0, scenes 0.
  for (let off = 0; off + 20 <= bytes.length; off += 4) {
    if (
      view.getUint32(off, true) === GX.ambientTable &&
      view.getUint32(off + 4, true) === 0 &&
      view.getUint32(off + 8, true) === 1
    ) {
      view.setUint32(off + 12, 5, true);
      return bytes;
    }
  }
  throw new Error('scene type not found in the sample Region');
}

/** The fixture dat's bytes (small nodes, so the B-tree has several levels). */
export function graphFixtureDat(): Uint8Array {
  return writeDat(graphFixtureFiles(), { maxEntriesPerNode: 6 });
}

/**
 * The fixture plus a creature whose sounds come through DefaultScript (docs/sound-graph.md
 * "DefaultScript in timelines"): Setup 0x02000020 (SoundTable GX.table, default script GX.script:
 * Sound GX.wave10 at 0.5 s, MotionTable 0x09000020) whose attack 0x03000020 has a DefaultScript
 * hook on frame 2 and a DefaultScriptPart (part 1) hook on frame 3.
 */
export function defaultScriptFixtureDat(): Uint8Array {
  const files = graphFixtureFiles();
  const motions = { idle: GX.idle, walk: GX.idle, attack: 0x03000020, death: GX.corpse, corpse: GX.corpse };
  files.push(
    {
      id: 0x02000020,
      data: writeSetup(
        sampleSetup(0x02000020, { soundTable: GX.table, motionTable: 0x09000020, defaultScript: GX.script }),
      ),
    },
    { id: 0x09000020, data: writeMotionTable(creatureMotionTable(0x09000020, motions)) },
    {
      id: 0x03000020,
      data: writeAnimation(
        sampleAnimation(0x03000020, 6, { 2: [hook.defaultScript()], 3: [hook.defaultScriptPart(1)] }),
      ),
    },
  );
  return writeDat(files, { maxEntriesPerNode: 6 });
}

/**
 * The ids of {@link reverseFixtureDat}'s creature: one whose MotionTable has reverse links, and
 * whose Animations hold hooks of every direction on the low, middle and high frames (shared spec
 * pitfalls §22–23: reverse play, the terminal-frame rule).
 */
export const RX = {
  setup: 0x02000030,
  motionTable: 0x09000030,
  /** The Ready cycle: 6 frames, no hooks. */
  idle: 0x03000030,
  /**
   * The WalkForward cycle, 10 frames: Sound wave10 Backward on frame 0 (low: never fires),
   * Sound wave11 Forward on 2, SoundTable Footstep1 Both on 4, Sound wave12 Backward on 6,
   * SoundTweaked wave13 Backward on 9 (high: fires backward only).
   */
  walk: 0x03000031,
  /** The link WalkForward → Ready, 5 frames: Sound wave10 Both on 1, Sound wave11 Backward on 3, Sound wave12 Forward on 4 (high). */
  stop: 0x03000032,
  /** The link Ready → WalkForward, 4 frames: Sound wave13 Backward on 1, Sound wave10 Forward on 2. */
  start: 0x03000033,
  /** The action AttackHigh1 from Ready, and the reverse link AttackHigh1 → Ready: 6 frames, Sound wave10 Both on 2, Sound wave11 Backward on 5 (high). */
  attack: 0x03000034,
  /**
   * The action Twitch1 from Ready, and the reverse link Twitch1 → Ready: 8 frames, Sound wave12
   * Backward on 3 and nothing else — a motion that makes a sound only when played in reverse.
   */
  twitch: 0x03000035,
} as const;

/**
 * The graph fixture plus the reverse-play creature {@link RX} (Setup 0x02000030, SoundTable
 * GX.table, MotionTable 0x09000030 in NonCombat): cycles Ready (RX.idle) and WalkForward (RX.walk);
 * links Ready → WalkForward (RX.start), Ready → AttackHigh1 (RX.attack), Ready → Twitch1
 * (RX.twitch), and the reverse-play links WalkForward → Ready (RX.stop), AttackHigh1 → Ready
 * (RX.attack) and Twitch1 → Ready (RX.twitch, which sounds only in reverse).
 */
export function reverseFixtureDat(): Uint8Array {
  const g = GX;
  const S = MOTION.NonCombat;
  const files = graphFixtureFiles();
  files.push(
    {
      id: RX.setup,
      data: writeSetup(sampleSetup(RX.setup, { soundTable: g.table, motionTable: RX.motionTable })),
    },
    {
      id: RX.motionTable,
      data: writeMotionTable({
        id: RX.motionTable,
        defaultStyle: S,
        styleDefaults: [{ style: S, substate: MOTION.Ready }],
        cycles: [
          motionData(key(S, MOTION.Ready), [animData(RX.idle)]),
          motionData(key(S, MOTION.WalkForward), [animData(RX.walk)]),
        ],
        modifiers: [],
        links: [
          {
            key: key(S, MOTION.Ready),
            motions: [
              motionData(MOTION.WalkForward, [animData(RX.start)]),
              motionData(MOTION.AttackHigh1, [animData(RX.attack)]),
              motionData(MOTION.Twitch1, [animData(RX.twitch)]),
            ],
          },
          { key: key(S, MOTION.WalkForward), motions: [motionData(MOTION.Ready, [animData(RX.stop)])] },
          { key: key(S, MOTION.AttackHigh1), motions: [motionData(MOTION.Ready, [animData(RX.attack)])] },
          { key: key(S, MOTION.Twitch1), motions: [motionData(MOTION.Ready, [animData(RX.twitch)])] },
        ],
      }),
    },
    { id: RX.idle, data: writeAnimation(sampleAnimation(RX.idle, 6)) },
    {
      id: RX.walk,
      data: writeAnimation(
        sampleAnimation(RX.walk, 10, {
          0: [hook.sound(g.wave10, -1)],
          2: [hook.sound(g.wave11, 1)],
          4: [hook.soundTable(g.Footstep1, 0)],
          6: [hook.sound(g.wave12, -1)],
          9: [hook.tweaked(g.wave13, 1, 0, 0.8, -1)],
        }),
      ),
    },
    {
      id: RX.stop,
      data: writeAnimation(
        sampleAnimation(RX.stop, 5, {
          1: [hook.sound(g.wave10, 0)],
          3: [hook.sound(g.wave11, -1)],
          4: [hook.sound(g.wave12, 1)],
        }),
      ),
    },
    {
      id: RX.start,
      data: writeAnimation(
        sampleAnimation(RX.start, 4, { 1: [hook.sound(g.wave13, -1)], 2: [hook.sound(g.wave10, 1)] }),
      ),
    },
    {
      id: RX.attack,
      data: writeAnimation(
        sampleAnimation(RX.attack, 6, { 2: [hook.sound(g.wave10, 0)], 5: [hook.sound(g.wave11, -1)] }),
      ),
    },
    { id: RX.twitch, data: writeAnimation(sampleAnimation(RX.twitch, 8, { 3: [hook.sound(g.wave12, -1)] })) },
  );
  return writeDat(files, { maxEntriesPerNode: 6 });
}
