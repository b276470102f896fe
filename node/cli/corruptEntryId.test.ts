/**
 * Rule: an error about a corrupt object names the entry's id from the B-tree (the DID), not an id
 * read from the corrupt bytes; that one may be mentioned as such (core/errors `errorDataForEntry`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { writeDat } from '../../core/dat';
import { hex8 } from '../../core/errors';
import { pcm16, pcmFormat, tempDir, waveBytes, writeFixtureDat } from '../test/fixtures';
import { captureIo } from '../test/cliIo';
import type { ListJson } from './listJson';
import { runCli } from './main';

const tmp = tempDir('acsound-corruptid-');
afterAll(() => tmp.cleanup());

const ENTRY = 0x0a000030;
const GARBAGE = 0xbbfe7ced;

/** A Wave entry whose object bytes start with a garbage id and an absurd format size H. */
function corruptDat(): Uint8Array {
  const bytes = waveBytes(
    GARBAGE,
    pcmFormat(1, 11025, 16),
    pcm16(50, 1, () => 0),
  );
  new DataView(bytes.buffer, bytes.byteOffset).setInt32(4, 0x7ffffff0, true);
  return writeDat([{ id: ENTRY, data: bytes }]);
}

describe("errors for corrupt objects name the entry's id (the DID)", () => {
  it("list --json: the error names 0x0A000030 (details.objectId too) and gives the bytes' id as such", async () => {
    const path = writeFixtureDat(tmp.dir, 'corrupt.dat', corruptDat());
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', path, '--json'], io)).toBe(0);
    const stdout = io.stdout;
    const w = (JSON.parse(stdout) as ListJson).waves[0]!;
    expect(w.id).toBe(hex8(ENTRY));
    expect(w.errorData?.details?.objectId).toBe(hex8(ENTRY));
    expect(w.errorData?.message).toMatch(/^0x0A000030: .*\(the object's bytes give id 0xBBFE7CED\)$/);
    expect(w.error).not.toMatch(/ERROR: 0xBBFE7CED:/);
  });
});
