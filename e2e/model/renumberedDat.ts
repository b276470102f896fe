/**
 * A copy of the demo dat rebuilt with the project's writer (core/dat `writeDat`) in which one
 * object is given another id (its B-tree entry and the id its object starts with): e.g. a
 * SoundTable given the id of one whose public label is long.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatFile, writeDat } from '../../core/dat';
import { hex8 } from '../../core/errors';
import { FileByteSource } from '../../node/FileByteSource';
import { DEMO_DAT } from './demoDat';

export async function writeRenumberedDat(dir: string, from: number, to: number): Promise<string> {
  const source = await FileByteSource.open(DEMO_DAT);
  const files: { id: number; data: Uint8Array; compress?: boolean }[] = [];
  try {
    const dat = await DatFile.open(source);
    const entries = await dat.entriesInRange(0, 0xffffffff);
    if (!entries.some((e) => e.id === from)) throw new Error(`${hex8(from)} is not in the demo dat`);
    if (entries.some((e) => e.id === to)) throw new Error(`${hex8(to)} is already in the demo dat`);
    for (const e of entries) {
      let data = await dat.readEntry(e);
      if (e.id === from) {
        data = data.slice();
        new DataView(data.buffer, data.byteOffset).setUint32(0, to, true);
      }
      files.push({ id: e.id === from ? to : e.id, data, compress: e.compressed });
    }
  } finally {
    await source.close();
  }
  files.sort((a, b) => a.id - b.id);
  const path = join(dir, 'renumbered_portal.dat');
  await writeFile(path, writeDat(files));
  return path;
}
