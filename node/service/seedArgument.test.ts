/**
 * Rule (core/engine/random.ts `SEED_RANGE`, `seedProblem`): a seed is a whole number
 * 0…4294967295 at every door. Every service method that takes one (getTimeline, exportSoundscape)
 * refuses another with the one RequestError naming the argument and the range — the HTTP host's
 * 400 — and the CLI's `--seed` (play-table, ambient) with the one usage message, exit 1.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../core/contract';
import { DEFAULT_PREFS } from '../../core/engine';
import { GX, graphFixtureDat } from '../../core/test/graphFixture';
import { runCli } from '../cli/main';
import { EXIT } from '../cli/exitCodes';
import { createHostServer } from '../http/server';
import { captureIo } from '../test/cliIo';
import { soundscapeDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { invokeService } from './dispatch';
import { SoundService } from './SoundService';

const tmp = tempDir('acsound-seed-');
afterAll(() => tmp.cleanup());
const graphPath = writeFixtureDat(tmp.dir, 'graph_portal.dat', graphFixtureDat());
const scapePath = writeFixtureDat(tmp.dir, 'soundscape_portal.dat', soundscapeDat());

const BAD_SEEDS = [-1, 4294967296, 1.5, 1e300];
const message = (method: string, seed: number) =>
  `${method}: seed must be a whole number 0…4294967295, got ${String(seed)}`;

const soundscapeRequest = (seed: number) => ({
  dir: 'out',
  force: false,
  landblocks: [{ terrainType: 2, scene: 0 }],
  seconds: 1,
  seed,
  mode: 'retail' as const,
  prefs: DEFAULT_PREFS,
});

describe('a seed outside 0…4294967295', () => {
  it('getTimeline refuses it with a RequestError naming seed and the range (in process and by name)', async () => {
    const s = new SoundService();
    await s.openDat(graphPath);
    for (const seed of BAD_SEEDS) {
      const want = { name: 'RequestError', code: 'EINVAL', message: message('getTimeline', seed) };
      await expect(s.getTimeline({ setupId: GX.setup, seed })).rejects.toMatchObject(want);
      await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, seed }])).rejects.toMatchObject(want);
    }
    // the ends of the range are seeds
    for (const seed of [0, 4294967295]) await expect(s.getTimeline({ setupId: GX.setup, seed })).resolves.toBeTruthy();
  });

  it('exportSoundscape refuses it with the same rule, before anything is written', async () => {
    const s = new SoundService({ exportBaseDir: tmp.dir });
    await s.openDat(scapePath);
    for (const seed of BAD_SEEDS) {
      const want = { name: 'RequestError', code: 'EINVAL', message: message('exportSoundscape', seed) };
      await expect(s.exportSoundscape(soundscapeRequest(seed))).rejects.toMatchObject(want);
      await expect(invokeService(s, 'exportSoundscape', [soundscapeRequest(seed)])).rejects.toMatchObject(want);
    }
  });

  it('the browser host answers 400 with that RequestError', async () => {
    const service = new SoundService({ exportBaseDir: tmp.dir });
    await service.openDat(graphPath);
    const srv = createHostServer({ service, rendererDir: null, initialPath: graphPath });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/api/getTimeline`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([{ setupId: GX.setup, seed: -1 }]),
      });
      expect(res.status).toBe(400);
      expect((await res.json()) as Envelope<unknown>).toEqual({
        ok: false,
        error: { name: 'RequestError', code: 'EINVAL', message: message('getTimeline', -1) },
      });
      // a seed sent as text is echoed as sent, never as a number would print (`1e+308`)
      const text = await fetch(`${base}/api/getTimeline`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([{ setupId: GX.setup, seed: '1e308' }]),
      });
      expect(text.status).toBe(400);
      expect(((await text.json()) as { error: { message: string } }).error.message).toBe(
        'getTimeline: seed must be a whole number 0…4294967295, got "1e308"',
      );
    } finally {
      await srv.shutdown();
    }
  });

  it('the CLI: --seed of play-table and of ambient say the same, exit 1, as any bad option value', async () => {
    const plain = writeFixtureDat(tmp.dir);
    const cases: [string[], string][] = [
      [['-1'], '--seed: "-1" is below 0'],
      [['4294967296'], '--seed: "4294967296" is above 4294967295'],
      [['1.5'], '--seed: "1.5" is not an integer'],
      // the seed as the user typed it, in quotes, never as parsed (`1e+308`, `1.5`, `-5`)
      [['1e308'], '--seed: "1e308" is above 4294967295'],
      [['1.50'], '--seed: "1.50" is not an integer'],
      [['-0.5e1'], '--seed: "-0.5e1" is below 0'],
    ];
    for (const [[seed], words] of cases) {
      const pt = captureIo(tmp.dir);
      expect(await runCli(['play-table', plain, '0x20000001', '1', '--seed', seed!], pt)).toBe(EXIT.usage);
      expect(pt.stderr.split('\n')[0]).toBe(`acsound play-table: ${words}`);
      const amb = captureIo(tmp.dir);
      expect(await runCli(['ambient', scapePath, '--terrain', '2', '--seconds', '1', '--seed', seed!], amb)).toBe(
        EXIT.usage,
      );
      expect(amb.stderr.split('\n')[0]).toBe(`acsound ambient: ${words}`);
    }
    // another bad option value reads alike (the shape every usage error has)
    const times = captureIo(tmp.dir);
    expect(await runCli(['play-table', plain, '0x20000001', '1', '--times', '0'], times)).toBe(EXIT.usage);
    expect(times.stderr.split('\n')[0]).toBe('acsound play-table: --times: "0" is below 1');
  });
});
