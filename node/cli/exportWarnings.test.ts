/** A salvaged Wave is reported at export (issue #10 defect 6): service result and CLI summary. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FX, tempDir, writeFixtureDat } from '../test/fixtures';
import { SoundService } from '../service/SoundService';
import { captureIo } from '../test/cliIo';
import { runCli } from './main';

const tmp = tempDir('acsound-export-warnings-');
const datPath = writeFixtureDat(tmp.dir);
afterAll(() => tmp.cleanup());

describe('export names each Wave written with warnings', () => {
  it("the service result carries the Wave's warnings on its written file", async () => {
    const service = new SoundService();
    try {
      await service.openDat(datPath);
      const r = await service.exportWaves({
        ids: [FX.lint, FX.pcm16],
        dir: join(tmp.dir, 'svc'),
        format: 'original',
        force: false,
      });
      const lint = r.written.find((w) => w.id === FX.lint);
      expect(lint?.warnings?.some((w) => /declared/i.test(w))).toBe(true);
      expect(r.written.find((w) => w.id === FX.pcm16)?.warnings).toBeUndefined();
    } finally {
      await service.close();
    }
  });

  it('`acsound export` prints one line per warning, naming the Wave and its file', async () => {
    const o = captureIo(tmp.dir);
    expect(
      await runCli(
        ['export', datPath, '--out', join(tmp.dir, 'cli'), '--ids', '0x0A000008', '--format', 'original'],
        o,
      ),
    ).toBe(0);
    expect(o.stdout).toMatch(/^written 1, skipped 0, failed 0/);
    expect(o.stdout).toMatch(/\nwarning 0x0A000008 0A000008\.wav: .+/);
  });
});
