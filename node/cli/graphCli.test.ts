/**
 * `acsound graph`, `refs` and `timeline` run as the real process (the BUILT cli, as the package
 * `bin` runs it) on the graph fixture dat (core/test/graphFixture.ts, built by our writers):
 * the exact JSON shapes and key orders of issue #7's CLI section, and the exit codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDat } from '../../core/dat';
import { defaultScriptFixtureDat, graphFixtureDat, graphFixtureFiles } from '../../core/test/graphFixture';
import { tempDir, writeFixtureDat } from '../test/fixtures';
import { noReverseSequenceText } from '../../core/graph/reversePlay';
import { buildCli, runCli, type CliRun } from '../test/builtCli';

const tmp = tempDir('acsound-graph-cli-');
const dat = writeFixtureDat(tmp.dir, 'graph_portal.dat', graphFixtureDat());

const run = (args: string[]): CliRun => runCli(args, tmp.dir);

beforeAll(() => {
  buildCli();
}, 60_000);
afterAll(() => tmp.cleanup());

describe('acsound graph <dat> --json (issue #7 CLI, exact shape)', () => {
  it('prints one object: setups, motionTables, animations, physicsScripts, regions, errors (then the added warnings) — keys in the issue order; exit 0 with corrupt objects listed', () => {
    const r = run(['graph', dat, '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}\n') && r.stdout.split('\n').length).toBe(2);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual([
      'setups',
      'motionTables',
      'animations',
      'physicsScripts',
      'regions',
      'errors',
      'warnings',
    ]);
    expect(JSON.stringify(j.setups[0])).toBe(
      '{"id":"0x02000001","soundTable":"0x20000001","motionTable":"0x09000001","physicsScriptTable":"0x34000001","defaultScript":null}',
    );
    expect(JSON.stringify(j.motionTables)).toBe(
      '[{"id":"0x09000001","animations":["0x03000001","0x03000002","0x03000003","0x03000004","0x03000006"]}]',
    );
    expect(JSON.stringify(j.animations[0])).toBe(
      '{"id":"0x03000001","frames":20,"soundHooks":[' +
        '{"frame":3,"direction":"Forward","hook":"Sound","waveId":"0x0A000010"},' +
        '{"frame":7,"direction":"Both","hook":"SoundTable","soundType":55,"name":"Footstep1"},' +
        '{"frame":9,"direction":"Backward","hook":"SoundTweaked","waveId":"0x0A000011","probability":0.5,"priority":0.9,"volume":0.8}]}',
    );
    expect(j.animations.map((a: { id: string }) => a.id)).toEqual(['0x03000001', '0x03000003', '0x03000004']); // only those with sound hooks
    expect(JSON.stringify(j.physicsScripts)).toBe(
      '[{"id":"0x33000001","soundHooks":[{"time":0.5,"direction":"Both","hook":"Sound","waveId":"0x0A000010"}]}]',
    );
    expect(JSON.stringify(j.regions)).toBe(
      '[{"id":"0x13000000","name":"Dereth",' +
        '"ambientSets":[{"index":0,"soundTable":"0x20000009","sounds":[{"soundType":70,"name":"Ambient1","volume":0.5,"baseChance":0,"minRate":10,"maxRate":20}]}],' +
        '"sceneTypes":[{"index":0,"ambientSet":0}],' +
        '"terrainTypes":[{"index":0,"name":"BarrenRock","sceneTypes":[0,null]}]}]',
    );
    expect(j.errors.map((e: { id: string }) => e.id)).toEqual([
      '0x02000003',
      '0x03000005',
      '0x09000002',
      '0x13000001',
      '0x33000002',
      '0x34000002',
    ]);
    for (const e of j.errors) {
      expect(Object.keys(e)).toEqual(['id', 'error']);
      expect(e.error).toMatch(new RegExp(`^${e.id}: .* at object offset \\d+$`));
    }
    expect(r.stderr).toMatch(/6 object\(s\) could not be read/);
  });

  it('without --json prints readable tables; an unreadable dat exits 2 with one line', () => {
    const r = run(['graph', dat]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Setups \(2\)\n/);
    expect(r.stdout).toMatch(/0x03000001\s+20\s+7\s+Both\s+SoundTable\s+Footstep1 \(55\)/);
    const bad = writeFixtureDat(tmp.dir, 'not_a_dat.dat', new Uint8Array(2048).fill(7));
    const b = run(['graph', bad, '--json']);
    expect(b.code).toBe(2);
    // stdout: only the error's wire shape (name, message, code, details), never a partial graph
    expect(JSON.parse(b.stdout)).toMatchObject({ error: { name: 'UnsupportedDatError' } });
    expect(b.stderr.trim().split('\n')).toHaveLength(1);
    expect(b.stderr).not.toMatch(/UnsupportedDatError/);
  });
});

describe('graph, refs and timeline take a dat path as every command does (docs/architecture.md, user paths)', () => {
  it('a quoted path, a file:// URL and a path relative to the working folder all open the same dat', () => {
    const want = run(['graph', dat, '--json']).stdout;
    for (const path of [`"${dat}"`, `file://${dat}`, 'graph_portal.dat']) {
      const r = run(['graph', path, '--json']);
      expect(r.code, path).toBe(0);
      expect(r.stdout, path).toBe(want);
    }
    expect(run(['refs', `'${dat}'`, '0x0A000010', '--json']).code).toBe(0);
  });
});

describe('acsound refs <dat> <id> --json (exact shape)', () => {
  it('a Wave: Animation (frame, hook), SoundTable (soundType, name), PhysicsScript (hook) rows, sorted by from', () => {
    const r = run(['refs', dat, '0x0a000010', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '{"id":"0x0A000010","referencedBy":[' +
        '{"from":"0x03000001","kind":"Animation","frame":3,"hook":"Sound"},' +
        '{"from":"0x03000003","kind":"Animation","frame":9,"hook":"Sound"},' +
        '{"from":"0x20000001","kind":"SoundTable","soundType":12,"name":"Wound1"},' +
        '{"from":"0x33000001","kind":"PhysicsScript","hook":"Sound"}],"inDat":true}\n',
    );
  });
  it('a SoundTable: Setup (field) and Region (ambientSet) rows; an object nothing names has no rows', () => {
    expect(run(['refs', dat, '20000001', '--json']).stdout).toBe(
      '{"id":"0x20000001","referencedBy":[{"from":"0x02000001","kind":"Setup","field":"soundTable"}],"inDat":true}\n',
    );
    expect(run(['refs', dat, '0x20000009', '--json']).stdout).toBe(
      '{"id":"0x20000009","referencedBy":[{"from":"0x13000000","kind":"Region","ambientSet":0}],"inDat":true}\n',
    );
    expect(run(['refs', dat, '0x02000001', '--json']).stdout).toBe(
      '{"id":"0x02000001","referencedBy":[],"inDat":true}\n',
    );
  });
  it('an id not in the dat that nothing names: exit 2, said so (a mistyped id is not an unused one)', () => {
    const r = run(['refs', dat, '0x0A0000FF', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      error: { name: 'NotFoundError', message: 'object 0x0A0000FF is not in the dat, and no object references it' },
    });
  });
  it('an id not in the dat that objects still name: their rows, "inDat":false, exit 0', () => {
    const files = graphFixtureFiles().filter((f) => f.id !== 0x0a000010);
    const missing = writeFixtureDat(tmp.dir, 'graph_nowave10.dat', writeDat(files, { maxEntriesPerNode: 6 }));
    const j = run(['refs', missing, '0x0A000010', '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ id: '0x0A000010', inDat: false });
    expect((JSON.parse(j.stdout) as { referencedBy: unknown[] }).referencedBy).toHaveLength(4);
    const t = run(['refs', missing, '0x0A000010']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(
      /^0x0A000010 is not in the dat, but 4 object field\(s\) reference it\nfrom +kind +where\n/,
    );
  });
  it('a bad id is a usage error (exit 1)', () => {
    const r = run(['refs', dat, 'xyz']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not a hex id/);
  });
});

describe('acsound timeline <dat> <setupId> [--motion NAME|0xHEX] [--speed X] [--json]', () => {
  it('prints one JSON line per sound event with the issue keys in order, then script, scriptTime, depth', () => {
    const r = run(['timeline', dat, '0x02000001', '--motion', 'WalkForward', '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => Object.keys(l))).toEqual(
      Array(2).fill([
        't',
        'frame',
        'animation',
        'hook',
        'soundType',
        'name',
        'waveId',
        'played',
        'reason',
        'dB',
        'pan',
        'script',
        'scriptTime',
        'depth',
      ]),
    );
    expect(lines[0]).toEqual({
      t: 0.133333,
      frame: 3,
      animation: '0x03000001',
      hook: 'Sound',
      soundType: null,
      name: null,
      waveId: '0x0A000010',
      played: true,
      reason: null,
      dB: 0,
      pan: 0,
      script: null,
      scriptTime: null,
      depth: 0,
    });
    expect(lines[1]).toMatchObject({
      t: 0.266667,
      frame: 7,
      hook: 'SoundTable',
      soundType: 55,
      name: 'Footstep1',
      waveId: '0x0A000012',
      played: true,
    });
  });
  it('--motion takes a hex MotionCommand, --speed scales the times; readable table without --json', () => {
    const hex = run(['timeline', dat, '0x02000001', '--motion', '0x45000005', '--speed', '2', '--json']);
    expect(JSON.parse(hex.stdout.split('\n')[0]!).t).toBe(0.066667);
    const table = run(['timeline', dat, '0x02000001', '--motion', 'attackhigh1']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/AttackHigh1 \(0x10000062\) in NonCombat, speed 1/);
    expect(table.stdout).toMatch(/0\.167\s+4\s+0x03000003\s+SoundTable\s+Swoosh1 \(30\)/);
  });
  it("CallPES: the called script's sounds are lines with script, scriptTime and depth; the table says via and lists the call", () => {
    const r = run(['timeline', dat, '0x02000001', '--motion', 'AttackHigh1', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // CallPES on frame 5 (6/30 s), pause 0; PhysicsScript 0x33000001 plays 0x0A000010 at 0.5 s
    expect(lines.find((l) => l.script !== null)).toEqual({
      t: 0.7,
      frame: 5,
      animation: '0x03000003',
      hook: 'Sound',
      soundType: null,
      name: null,
      waveId: '0x0A000010',
      played: true,
      reason: null,
      dB: 0,
      pan: 0,
      script: '0x33000001',
      scriptTime: 0.5,
      depth: 1,
    });
    const table = run(['timeline', dat, '0x02000001', '--motion', 'AttackHigh1']);
    expect(table.stdout).toMatch(/0\.700\s+5\s+0x03000003\s+Sound\s+0x33000001 \+0\.500\s+0x0A000010/);
    expect(table.stdout).toContain(
      '0.200 s frame 5 of 0x03000003: CallPES 0x33000001, pause 0 s, delay 0.000 s, started at 0.200 s (1 sound hook)',
    );
  });
  it("DefaultScript (sound-sources §3.4 step 4): the Setup's default script's sounds are lines like CallPES ones; DefaultScriptPart is a note", () => {
    const d = writeFixtureDat(tmp.dir, 'default_script_portal.dat', defaultScriptFixtureDat());
    const r = run(['timeline', d, '0x02000020', '--motion', 'AttackHigh1', '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // DefaultScript on frame 2 (3/30 s), no pause; the default script 0x33000001 plays 0x0A000010 at 0.5 s
    expect(lines).toEqual([
      {
        t: 0.6,
        frame: 2,
        animation: '0x03000020',
        hook: 'Sound',
        soundType: null,
        name: null,
        waveId: '0x0A000010',
        played: true,
        reason: null,
        dB: 0,
        pan: 0,
        script: '0x33000001',
        scriptTime: 0.5,
        depth: 1,
      },
    ]);
    expect(r.stderr).toBe(
      'note: 0.133 s frame 3 of 0x03000020: DefaultScriptPart (part 1) is indirect: not expanded\n',
    );
    const table = run(['timeline', d, '0x02000020', '--motion', 'AttackHigh1']);
    expect(table.stdout).toMatch(/0\.600\s+2\s+0x03000020\s+Sound\s+0x33000001 \+0\.500\s+0x0A000010/);
    expect(table.stdout).toContain(
      "0.100 s frame 2 of 0x03000020: DefaultScript 0x33000001 (the Setup's default script), delay 0.000 s, started at 0.100 s (1 sound hook)",
    );
  });
  it('--speed -0.65 plays the motion in reverse: the Backward and Both hooks, from the high frame down, same keys', () => {
    const r = run(['timeline', dat, '0x02000001', '--motion', 'WalkForward', '--speed', '-0.65', '--json']);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // the walk (20 frames at 30 × 0.65 frames/s backwards) starts at frame 20 − 0.0002
    expect(lines.map((l) => [l.frame, l.hook, l.t])).toEqual([
      [9, 'SoundTweaked', Number(((20 - 0.0002 - 9) / 19.5).toFixed(6))],
      [7, 'SoundTable', Number(((20 - 0.0002 - 7) / 19.5).toFixed(6))],
    ]);
    expect(Object.keys(lines[0])).toEqual(
      Object.keys(JSON.parse(run(['timeline', dat, '0x02000001', '--json']).stdout.split('\n')[0]!)),
    );
    const table = run(['timeline', dat, '0x02000001', '--motion', 'WalkForward', '--speed', '-0.65']);
    expect(table.stdout).toMatch(/^0x02000001 WalkForward \(0x45000005\) in NonCombat, speed -0\.65: 1\.026 s, cyclic/);
  });
  it('a motion with no sound event at its speed says so in words, not an empty table; --json prints no line', () => {
    // Dead played backwards: its sound hook is Forward, so nothing fires in reverse
    const table = run(['timeline', dat, '0x02000001', '--motion', 'Dead', '--speed', '-1']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n').slice(1)).toEqual([
      'No sound hook of Dead fires at speed -1 (in reverse only Backward and Both hooks fire).',
      '',
    ]);
    const json = run(['timeline', dat, '0x02000001', '--motion', 'Dead', '--speed', '-1', '--json']);
    expect([json.code, json.stdout]).toEqual([0, '']);
  });
  it("a motion the MotionTable cannot play backwards: the app's reason and the motions it can, a usage error (1)", () => {
    // the table has no link back from the attack: the app disables its Reverse and says why
    // (core/graph noReverseSequenceText); not bad data (docs/sound-graph.md §3), so never exit 2
    for (const json of [[], ['--json']]) {
      const attack = run(['timeline', dat, '0x02000001', '--motion', 'AttackHigh1', '--speed', '-0.65', ...json]);
      expect(attack.code).toBe(1);
      // and what it can play backwards instead: the creature's reversible motions
      const why = noReverseSequenceText('AttackHigh1', ['Dead', 'WalkForward']).replace(/\.$/, '');
      expect(why).toBe(
        'AttackHigh1 has no reverse sequence in this MotionTable: the client cannot play it backwards. ' +
          'Motions it can play backwards: Dead, WalkForward',
      );
      expect(attack.stderr.split('\n')[0]).toBe(`acsound timeline: --speed "-0.65": ${why}`);
      expect(attack.stderr).toContain('Usage: acsound timeline <dat> <setupId>');
      // without --motion, a negative speed plays the first motion that sounds backwards, never the attack
      const byDefault = run(['timeline', dat, '0x02000001', '--speed', '-0.65', ...json]);
      expect(byDefault.code).toBe(0);
      expect(byDefault.stdout).toBe(
        run(['timeline', dat, '0x02000001', '--motion', 'WalkForward', '--speed', '-0.65', ...json]).stdout,
      );
      // no events; with --json the error's record, as for any usage error
      expect(attack.stdout).toBe(
        json.length === 0
          ? ''
          : JSON.stringify({
              error: { name: 'UsageError', message: `--speed "-0.65": ${why}`, code: null, details: null },
            }) + '\n',
      );
    }
  });
  it("--speed is 0.1–4 in size, the app's Speed rule: 1e308, 1e-300, -5 are usage errors (1), the bounds play", () => {
    for (const [text, why] of [
      ['1e308', '"1e308" is too fast'], // as typed, never the parsed 1e+308
      ['1e-300', '"1e-300" is too slow'],
      ['-5', '"-5" is too fast'],
      ['0.09', '"0.09" is too slow'],
    ]) {
      const r = run(['timeline', dat, '0x02000001', '--speed', text!]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')[0]).toBe(
        `acsound timeline: --speed: ${why}: give 0.1–4, or -4 to -0.1 to play it in reverse`,
      );
    }
    for (const text of ['4', '0.1', '-0.1', '-4'])
      expect(run(['timeline', dat, '0x02000001', '--motion', 'WalkForward', '--speed', text]).code).toBe(0);
  });
  it('a bad motion name or speed is a usage error (1); a Setup the dat lacks is exit 2', () => {
    expect(run(['timeline', dat, '0x02000001', '--motion', 'Dance']).code).toBe(1);
    const zero = run(['timeline', dat, '0x02000001', '--speed', '0']);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toMatch(
      /^acsound timeline: --speed: "0" would stand the motion still: give 0\.1–4, or -4 to -0\.1 to play it in reverse\n/,
    );
    const huge = run(['timeline', dat, '0x02000001', '--speed', '-1e309']);
    expect(huge.code).toBe(1);
    expect(huge.stderr).toMatch(/^acsound timeline: --speed: "-1e309" is not a usable number\n/);
    expect(run(['timeline', dat, '0x02000001', '--speed', 'fast']).code).toBe(1);
    const missing = run(['timeline', dat, '0x020000FF']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('acsound: Setup 0x020000FF is not in the dat\n');
  });
  it('--motion takes every MotionCommand name of the one core table (any case), not only the common ones', () => {
    const r = run(['timeline', dat, '0x02000001', '--motion', 'offhandkick']);
    expect(r.code).toBe(2); // a name it knows, a motion this MotionTable lacks
    expect(r.stderr).toBe('acsound: MotionTable 0x09000001 has no motion OffhandKick (0x10000185)\n');
  });
  it('a motion the MotionTable lacks names the table and the motion once (issue #10: garbled messages)', () => {
    const r = run(['timeline', dat, '0x02000001', '--motion', '0xDEAD']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^acsound: MotionTable 0x[0-9A-F]{8} has no motion 0x0000DEAD\n$/);
    const json = run(['timeline', dat, '0x02000001', '--motion', '0xDEAD', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: { name: 'NotFoundError', details: { structure: 'MotionTable' } },
    });
  });
});

describe('acsound refs <dat> <id> (table)', () => {
  it('an object nothing references: the count line and no table under it', () => {
    const r = run(['refs', dat, '0x02000001']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('0x02000001 is referenced by 0 object field(s)\n');
  });
  it('an id not in the dat that nothing references: exit 2, one line saying so, nothing on stdout', () => {
    const r = run(['refs', dat, '0xFFFFFFFF']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^acsound: object 0xFFFFFFFF is not in the dat, and no object references it$/m);
  });
  it('an id with references: the count line, then the table', () => {
    const r = run(['refs', dat, '0x0A000010']);
    expect(r.stdout).toMatch(/^0x0A000010 is referenced by \d+ object field\(s\)\nfrom +kind +where\n/);
  });
});
