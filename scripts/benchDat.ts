/**
 * The bench's dat (issue #9), shared by scripts/bench.ts and scripts/bench-browser.ts: a dat
 * shaped like the retail portal dat — `entries` in all, 790 Waves (40 MP3), 150 SoundTables, the
 * sound sources at retail scale (Setups, Animations, MotionTables, PhysicsScripts and their
 * tables, one Region), filler objects, fragmented chains, block size 1024, node order 61.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeDat, type DatWriterFile } from '../core/dat/DatWriter';
import { SOUND_TABLE_RANGE, WAVE_RANGE } from '../core/dat/ranges';
import {
  writeAnimation,
  writeMotionTable,
  writePhysicsScript,
  writePhysicsScriptTable,
  writeRegion,
  writeSetup,
  writeSoundTable,
} from '../core/objects';
import type { MotionData } from '../core/objects';
import {
  animData,
  hook,
  key,
  motionData,
  sampleAnimation,
  sampleRegion,
  sampleScript,
  sampleSetup,
} from '../core/test/soundSources';
import { encodeMp3, mp3WaveRecord, sineInt16 } from '../core/test/waveFixtures';
import { pcm16, pcmFormat, waveBytes } from '../node/test/fixtures';

export const WAVES = 790;
export const MP3_WAVES = 40;
export const TABLES = 150;
/** Sound sources at retail scale (issue #7): the graph reads all of them. */
const SETUPS = 4_000;
const ANIMATIONS = 5_000;
const MOTION_TABLES = 600;
const SCRIPTS = 2_000;
const SCRIPT_TABLES = 300;

/**
 * Setups (one in two with a SoundTable and a MotionTable), Animations of 12 parts × 24 frames
 * (about 8 KB each, with footstep / swing / SoundTweaked / CallPES hooks on some frames),
 * MotionTables of 40 MotionData, PhysicsScripts of 6 entries, PhysicsScriptTables and one Region
 * with 20 ambient sets and 32 terrain types — built by core's writers (core/test/soundSources.ts).
 */
function soundSourceFiles(): DatWriterFile[] {
  const files: DatWriterFile[] = [];
  const anim = (i: number): number => 0x03000000 + (i % ANIMATIONS);
  for (let i = 0; i < ANIMATIONS; i++) {
    const hooks: Record<number, ReturnType<typeof hook.sound>[]> = {};
    if (i % 2 === 0) hooks[(i % 20) + 1] = [hook.soundTable(0x37), hook.noDraw()];
    if (i % 5 === 0) hooks[(i % 10) + 3] = [hook.sound(WAVE_RANGE.min + (i % WAVES))];
    if (i % 7 === 0) hooks[4] = [hook.tweaked(WAVE_RANGE.min + ((i * 3) % WAVES), 0.5, 0.9, 0.8)];
    if (i % 11 === 0) hooks[6] = [hook.callPes(0x33000000 + (i % SCRIPTS), 0.2)];
    files.push({ id: anim(i), data: writeAnimation(sampleAnimation(anim(i), 24, hooks, 12)) });
  }
  for (let i = 0; i < MOTION_TABLES; i++) {
    const S = 0x8000003d;
    const cycles: MotionData[] = Array.from({ length: 20 }, (_, k) =>
      motionData(key(S, 0x41000003 + k), [animData(anim(i * 17 + k))]),
    );
    const links = [
      {
        key: key(S, 0x41000003),
        motions: Array.from({ length: 20 }, (_, k) =>
          motionData(0x10000062 + k, [animData(anim(i * 31 + k)), animData(anim(i * 13 + k))]),
        ),
      },
    ];
    files.push({
      id: 0x09000000 + i,
      data: writeMotionTable({
        id: 0x09000000 + i,
        defaultStyle: S,
        styleDefaults: [{ style: S, substate: 0x41000003 }],
        cycles,
        modifiers: [],
        links,
      }),
    });
  }
  for (let i = 0; i < SETUPS; i++) {
    const creature = i % 2 === 0;
    const dids = creature
      ? {
          soundTable: SOUND_TABLE_RANGE.min + (i % TABLES),
          motionTable: 0x09000000 + (i % MOTION_TABLES),
          physicsScriptTable: 0x34000000 + (i % SCRIPT_TABLES),
        }
      : { defaultScript: 0x33000000 + (i % SCRIPTS) };
    files.push({ id: 0x02000000 + i, data: writeSetup(sampleSetup(0x02000000 + i, dids)) });
  }
  for (let i = 0; i < SCRIPTS; i++) {
    const entries: [number, ReturnType<typeof hook.sound>][] = Array.from({ length: 6 }, (_, k) => [
      k * 0.25,
      k === 2 ? hook.sound(WAVE_RANGE.min + (i % WAVES)) : hook.noDraw(),
    ]);
    files.push({ id: 0x33000000 + i, data: writePhysicsScript(sampleScript(0x33000000 + i, entries)) });
  }
  for (let i = 0; i < SCRIPT_TABLES; i++) {
    const types = Array.from({ length: 20 }, (_, k) => ({
      type: k + 1,
      scripts: [0, 0.5, 1].map((mod, m) => ({ mod, scriptId: 0x33000000 + ((i * 60 + k * 3 + m) % SCRIPTS) })),
    }));
    files.push({ id: 0x34000000 + i, data: writePhysicsScriptTable({ id: 0x34000000 + i, types }) });
  }
  const sets = Array.from({ length: 20 }, (_, k) => ({
    soundTableId: SOUND_TABLE_RANGE.min + k,
    sounds: [{ soundType: 0x46 + (k % 8), volume: 0.5, baseChance: 0, minRate: 2, maxRate: 2 }],
  }));
  files.push({
    id: 0x13000000,
    data: writeRegion(
      sampleRegion(
        0x13000000,
        'Dereth',
        sets,
        Array.from({ length: 32 }, (_, t) => [`Terrain${t}`, [t % 20, null]] as [string, (number | null)[]]),
      ),
    ),
  });
  return files;
}

/** A retail-shaped dat: `entries` in all, 790 Waves (40 MP3), 150 SoundTables, the sound sources (unless not `withSources`), filler of `fillerMax` bytes at most. */
function synthFiles(entries: number, fillerMax: number, withSources: boolean): DatWriterFile[] {
  const pool = new Uint8Array(1 << 20);
  let x = 12345;
  for (let i = 0; i < pool.length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    pool[i] = x >>> 24;
  }
  const files: DatWriterFile[] = [];
  const view = (i: number, n: number): Uint8Array =>
    pool.subarray((i * 7919) % (pool.length - n), ((i * 7919) % (pool.length - n)) + n);
  const clips = [1, 2, 3].map((s) => encodeMp3(22050, 32, sineInt16(22050 * s, 22050, 220 * s)));
  for (let i = 0; i < WAVES; i++) {
    const id = WAVE_RANGE.min + i;
    if (i % Math.floor(WAVES / MP3_WAVES) === 5 && Math.floor(i / Math.floor(WAVES / MP3_WAVES)) < MP3_WAVES) {
      files.push({ id, data: mp3WaveRecord(id, clips[i % 3]!) });
      continue;
    }
    const frames = 1_000 + ((i * 3571) % 60_000);
    files.push({
      id,
      data: waveBytes(
        id,
        pcmFormat(1, i % 3 ? 11025 : 22050, 16),
        pcm16(frames, 1, (k) => ((k * 37 + i) % 2000) - 1000),
      ),
    });
  }
  for (let i = 0; i < TABLES; i++) {
    const sounds = Array.from({ length: 2 + (i % 8) }, (_, t) => ({
      key: 1 + ((i * 7 + t * 13) % 200),
      entries: Array.from({ length: 1 + ((i + t) % 4) }, (_, r) => ({
        waveId: WAVE_RANGE.min + ((i * 31 + t * 7 + r) % WAVES),
        priority: 0,
        probability: 1,
        volume: 1,
      })),
      children: [],
    }));
    const unique = sounds.filter((s, k) => sounds.findIndex((o) => o.key === s.key) === k);
    files.push({
      id: SOUND_TABLE_RANGE.min + i,
      data: writeSoundTable({ id: SOUND_TABLE_RANGE.min + i, hashKey: 0, rootEntries: [], sounds: unique }),
    });
  }
  const sources = withSources ? soundSourceFiles() : [];
  files.push(...sources);
  const others = entries - WAVES - TABLES - sources.length - 1;
  const prefixes = [
    0x01000000, 0x04000000, 0x05000000, 0x06000000, 0x08000000, 0x0d000000, 0x0e000000, 0x10000000, 0x11000000,
    0x12000000, 0x22000000, 0x25000000, 0x27000000, 0x31000000, 0x32000000, 0x40000000,
  ];
  for (let i = 0; i < others; i++) {
    const p = prefixes[i % prefixes.length]!;
    files.push({ id: p + Math.floor(i / prefixes.length), data: view(i + 17, 64 + ((i * 911) % fillerMax)) });
  }
  return files;
}

export function makeDat(dir: string, entries: number, fillerMax: number, withSources = true): string {
  const path = join(dir, `bench_${entries}.dat`);
  writeFileSync(
    path,
    writeDat(synthFiles(entries, fillerMax, withSources), {
      blockSize: 1024,
      maxEntriesPerNode: 61,
      fragment: 42,
      iteration: 2072,
    }),
  );
  return path;
}
