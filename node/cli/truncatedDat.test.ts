/**
 * `acsound list` and `info` on a dat missing only its tail (`head -c 700000 demo_portal.dat`): the
 * Waves and SoundTables whose entries are still there are listed (exit 0), and the warnings say
 * which ids could not be listed and that the file looks truncated — never a bare "invalid child
 * link … beyond the end of the file" refusal (core/dat/truncated.test.ts has the reader's rules).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-truncated-');
afterAll(() => tmp.cleanup());
const demo = readFileSync(demoDatPath());
const NOTE = `the header declares ${demo.length} bytes, so the file looks truncated`;

describe('a dat missing only its tail lists what it still has', () => {
  it('list: exit 0, the Waves still there, warnings naming the lost ids and the truncation', async () => {
    const path = join(tmp.dir, 't.dat');
    writeFileSync(path, demo.subarray(0, 700_000));
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', path, '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as { waves: { id: string }[]; soundTables: { id: string }[] };
    expect(out.waves.map((w) => w.id)).toContain('0x0A000012');
    expect(out.waves.map((w) => w.id)).not.toContain('0x0A000064');
    expect(out.soundTables.map((t) => t.id)).toContain('0x20000001');
    expect(io.stderr).toContain(
      'warning: header declares 774144 bytes but the file has 700000: the file looks truncated',
    );
    expect(io.stderr).toContain(
      `warning: Waves 0x0A000062–0x0A000070 cannot be listed: B-tree node has invalid child link 5 = 0x000B8C00, which points beyond the end of the file (700000 bytes; ${NOTE}) at offset 0x00071800`,
    );
    const info = captureIo(tmp.dir);
    expect(await runCli(['info', path], info)).toBe(0);
    expect(info.stdout).toMatch(/Waves\s+13\n/);
    expect(info.stdout).toContain(`Waves 0x0A000034–0x0A000060 cannot be listed: B-tree node continues with link`);
  });

  it('the entry count that cannot be had says the file looks truncated, never that the tree outside the sound ranges failed', async () => {
    const path = join(tmp.dir, 't2.dat');
    writeFileSync(path, demo.subarray(0, 700_000));
    const list = captureIo(tmp.dir);
    expect(await runCli(['list', path], list)).toBe(0);
    const info = captureIo(tmp.dir);
    expect(await runCli(['info', path], info)).toBe(0);
    const reason = 'entry count unavailable (the file looks truncated): B-tree node has invalid child link 5';
    expect(list.stderr).toContain(`warning: ${reason}`);
    expect(info.stdout).toMatch(new RegExp(`Warning +${reason.replace(/[()]/g, '\\$&')}`));
    for (const text of [list.stderr, info.stdout]) expect(text).not.toMatch(/outside the Wave and SoundTable ranges/);
  });

  it('info and list: unknown is "?" (one marker), and the entry-count warning names the same link', async () => {
    const path = join(tmp.dir, 't6.dat');
    writeFileSync(path, demo.subarray(0, 500_000));
    const info = captureIo(tmp.dir);
    expect(await runCli(['info', path], info)).toBe(0);
    expect(info.stdout).toMatch(/Entries +\?\n/);
    expect(info.stdout).toMatch(/Iteration +\?\n/);
    const list = captureIo(tmp.dir);
    expect(await runCli(['list', path], list)).toBe(0);
    expect(list.stdout).toContain('? entries, iteration ?');
    const count = (text: string) => /entry count unavailable \(the file looks truncated\): [^\n]*/.exec(text)?.[0];
    expect(count(info.stdout)).toMatch(/child link 3 /);
    expect(count(list.stderr)).toBe(count(info.stdout));
  });

  it('list: a SoundTable that did not parse shows its types and entries unknown ("?"), as its Waves, never 0', async () => {
    const path = join(tmp.dir, 't7.dat');
    writeFileSync(path, demo.subarray(0, 500_000));
    const list = captureIo(tmp.dir);
    expect(await runCli(['list', path], list)).toBe(0);
    const row = list.stdout.split('\n').find((l) => l.startsWith('0x2000000C'));
    expect(row).toMatch(/^0x2000000C +\? +\? +ERROR: block chain of 0x2000000C/);
    const wave = list.stdout.split('\n').find((l) => l.startsWith('0x0A000010'));
    expect(wave).toMatch(/^0x0A000010 +\? +ERROR:/);
  });

  it('graph: exit 0, the graph of what is still there, the lost id ranges in warnings (JSON and stderr)', async () => {
    const path = join(tmp.dir, 't5.dat');
    writeFileSync(path, demo.subarray(0, 500_000));
    const io = captureIo(tmp.dir);
    expect(await runCli(['graph', path, '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as { animations: unknown[]; warnings: string[] };
    expect(out.animations.length).toBeGreaterThan(0);
    expect(out.warnings[0]).toMatch(/^Setups 0x02000000–0x0200FFFF cannot be listed: B-tree node continues with link/);
    expect(io.stderr).toContain(`warning: ${out.warnings[0]}\n`);
  });

  it('census: the same warnings on stderr as list, and --json carries them in "warnings" (QA #10)', async () => {
    const path = join(tmp.dir, 't6.dat');
    writeFileSync(path, demo.subarray(0, 700_000));
    const list = captureIo(tmp.dir);
    expect(await runCli(['list', path, '--json'], list)).toBe(0);
    const listed = JSON.parse(list.stdout) as { warnings: string[] };
    expect(listed.warnings.length).toBeGreaterThan(0);
    const table = captureIo(tmp.dir);
    expect(await runCli(['census', path], table)).toBe(0);
    expect(table.stderr).toBe(list.stderr);
    const json = captureIo(tmp.dir);
    expect(await runCli(['census', path, '--json'], json)).toBe(0);
    const out = JSON.parse(json.stdout) as Record<string, unknown>;
    // every key scripts read, in order, then the added one
    expect(Object.keys(out)).toEqual(['waves', 'soundTables', 'warnings']);
    expect(out.warnings).toEqual(listed.warnings);
    expect(json.stderr).toBe(list.stderr);
    // an intact dat: [] and nothing on stderr
    const ok = captureIo(tmp.dir);
    expect(await runCli(['census', demoDatPath(), '--json'], ok)).toBe(0);
    expect((JSON.parse(ok.stdout) as { warnings: unknown }).warnings).toEqual([]);
    expect(ok.stderr).toBe('');
  });

  it('cut before its B-tree root: exit 2, and the same wording', async () => {
    const path = join(tmp.dir, 't4.dat');
    writeFileSync(path, demo.subarray(0, 400_000));
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', path], io)).toBe(2);
    expect(io.stderr).toContain(`beyond the end of the file (400000 bytes; ${NOTE})`);
  });
});
