/**
 * Broken copies of the demo dat for the error-path tests, written into a temporary folder:
 * a truncated file (the open fails) and one Wave whose block chain ends early (the dat opens and
 * lists it — the listing reads only its first block — but its bytes cannot be read).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatFile, WAVE_RANGE, writeDat } from '../../core/dat';
import { parseWave, writeWave } from '../../core/objects';
import { hex8 } from '../../core/errors';
import { FileByteSource } from '../../node/FileByteSource';
import { DEMO_DAT } from './demoDat';

/** The demo dat cut to its first 6 KiB. */
export async function writeTruncatedDat(dir: string): Promise<string> {
  const path = join(dir, 'truncated_portal.dat');
  await writeFile(path, (await readFile(DEMO_DAT)).subarray(0, 6144));
  return path;
}

/** The demo dat with the first block link of `waveId` (an uncompressed, multi-block Wave) set to 0. */
export async function writeBrokenChainDat(dir: string, waveId: number): Promise<string> {
  const bytes = new Uint8Array(await readFile(DEMO_DAT));
  const source = await FileByteSource.open(DEMO_DAT);
  try {
    const dat = await DatFile.open(source);
    const entry = (await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).find((e) => e.id === waveId);
    if (!entry) throw new Error(`${hex8(waveId)} is not in the demo dat`);
    if (entry.compressed || entry.size <= dat.header.blockSize - 4)
      throw new Error(`${hex8(waveId)} is not an uncompressed multi-block Wave`);
    bytes.fill(0, entry.offset, entry.offset + 4);
  } finally {
    await source.close();
  }
  const path = join(dir, 'broken_chain_portal.dat');
  await writeFile(path, bytes);
  return path;
}

/** The demo dat with its header dataSet set to 2 (a cell dat's): it opens, with a warning. */
export async function writeDataSet2Dat(dir: string): Promise<string> {
  const bytes = new Uint8Array(await readFile(DEMO_DAT));
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0x140 + 0x0c, 2, true); // EoR header at 0x140, dataSet at +0x0C
  const path = join(dir, 'dataset2_portal.dat');
  await writeFile(path, bytes);
  return path;
}

/**
 * The demo dat with the Wave object `waveId` (uncompressed) given a negative format-block size:
 * it is listed with an error (its object does not parse) while the dat opens.
 */
export async function writeCorruptWaveDat(dir: string, waveId: number): Promise<string> {
  const bytes = new Uint8Array(await readFile(DEMO_DAT));
  const source = await FileByteSource.open(DEMO_DAT);
  try {
    const dat = await DatFile.open(source);
    const entry = (await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).find((e) => e.id === waveId);
    if (!entry) throw new Error(`${hex8(waveId)} is not in the demo dat`);
    if (entry.compressed) throw new Error(`${hex8(waveId)} is compressed`);
    // block link (4 B), then the Wave object: id (4 B), format-block size H (i32)
    new DataView(bytes.buffer, bytes.byteOffset).setInt32(entry.offset + 8, -1, true);
  } finally {
    await source.close();
  }
  const path = join(dir, 'corrupt_wave_portal.dat');
  await writeFile(path, bytes);
  return path;
}

/**
 * The demo dat with the Wave object `waveId` (uncompressed) salvaged: its declared data size D
 * raised by `extra` bytes beyond its record (pitfalls #8), so the data is clamped to the bytes
 * present. Returns the path and the two sizes.
 */
export async function writeSalvagedWaveDat(
  dir: string,
  waveId: number,
  extra: number,
): Promise<{ path: string; present: number; declared: number }> {
  const bytes = new Uint8Array(await readFile(DEMO_DAT));
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const source = await FileByteSource.open(DEMO_DAT);
  let present = 0;
  try {
    const dat = await DatFile.open(source);
    const entry = (await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).find((e) => e.id === waveId);
    if (!entry) throw new Error(`${hex8(waveId)} is not in the demo dat`);
    if (entry.compressed) throw new Error(`${hex8(waveId)} is compressed`);
    // block link (4 B), then the Wave object: id (4 B), H (i32), D (i32)
    present = view.getInt32(entry.offset + 12, true);
    view.setInt32(entry.offset + 12, present + extra, true);
  } finally {
    await source.close();
  }
  const path = join(dir, 'salvaged_wave_portal.dat');
  await writeFile(path, bytes);
  return { path, present, declared: present + extra };
}

/**
 * The demo dat with bytes 100 KiB..300 KiB overwritten by a fixed pseudo-random stream: the Wave
 * and SoundTable ranges still list, but the B-tree outside them runs into a free block, so the
 * sound graph's build fails.
 */
export async function writeGraphFailsDat(dir: string): Promise<string> {
  const bytes = new Uint8Array(await readFile(DEMO_DAT));
  let x = 12345;
  for (let i = 102400; i < 307200; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  const path = join(dir, 'graph_fails_portal.dat');
  await writeFile(path, bytes);
  return path;
}

/**
 * A copy of the demo dat rebuilt with the project's writer (core/dat `writeDat`), in which every
 * Wave but the MP3 ones (whose rate comes from their frames) has its nSamplesPerSec set to one of
 * `rates` in turn, by ascending id (e.g. 0, 1 and 4,000,000,000 Hz: none of them plays under the
 * one playability rule, core/audio playable.ts). Every other object is kept as it is. Returns the
 * path and each changed Wave's rate by id.
 */
export async function writeBadRateDat(
  dir: string,
  rates: readonly number[],
): Promise<{ path: string; rates: Map<number, number> }> {
  const source = await FileByteSource.open(DEMO_DAT);
  const files: { id: number; data: Uint8Array; compress?: boolean }[] = [];
  const changed = new Map<number, number>();
  try {
    const dat = await DatFile.open(source);
    for (const e of await dat.entriesInRange(0, 0xffffffff)) {
      let data = await dat.readEntry(e);
      if (e.id >= WAVE_RANGE.min && e.id <= WAVE_RANGE.max) {
        const w = parseWave(data);
        if (w.format.wFormatTag !== 0x55) {
          const rate = rates[changed.size % rates.length]!;
          const formatBytes = w.formatBytes.slice();
          const view = new DataView(formatBytes.buffer);
          view.setUint32(4, rate, true); // nSamplesPerSec
          view.setUint32(8, (rate * w.format.nBlockAlign) % 2 ** 32, true); // nAvgBytesPerSec, wrapped as a u32
          data = writeWave({ id: w.id, formatBytes, data: w.data });
          changed.set(e.id, rate);
        }
      }
      files.push({ id: e.id, data, compress: e.compressed });
    }
  } finally {
    await source.close();
  }
  const path = join(dir, 'bad_rate_portal.dat');
  await writeFile(path, writeDat(files));
  return { path, rates: changed };
}

/**
 * The demo dat with the first block link of `waveId` (an uncompressed, multi-block Wave) pointing
 * far beyond the end of the file (0x5B1729BE): the Wave lists, but reading its bytes fails with a
 * long message naming the link, the file size and the offset.
 */
export async function writeFarLinkDat(dir: string, waveId: number): Promise<string> {
  const path = await writeBrokenChainDat(dir, waveId);
  const bytes = new Uint8Array(await readFile(path));
  const source = await FileByteSource.open(DEMO_DAT);
  try {
    const dat = await DatFile.open(source);
    const entry = (await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).find((e) => e.id === waveId)!;
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(entry.offset, 0x5b1729be, true);
  } finally {
    await source.close();
  }
  const far = join(dir, 'far_link_portal.dat');
  await writeFile(far, bytes);
  return far;
}
