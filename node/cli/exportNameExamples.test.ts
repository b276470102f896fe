/**
 * Every "template gives name" example of the export names in README.md, docs/export-names.md and
 * `acsound help export`, run against the bundled demo dat: each named file must be one the
 * export actually writes, so the examples cannot drift from what the demo produces again
 * (`{table}/{cue}_{id}` once claimed `Wound1_0A000012`, the demo gives `Footstep1_0A000012`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../core/engine';
import { demoDatPath } from '../paths';
import { repoRoot } from '../test/builtCli';
import { SoundService } from '../service/SoundService';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-name-examples-');
const service = new SoundService();
let ids: number[] = [];

beforeAll(async () => {
  await service.openDat(demoDatPath());
  ids = (await service.listWaves()).map((w) => w.id);
}, 60_000);
afterAll(() => tmp.cleanup());

function files(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n), `${prefix}${n}/`) : [`${prefix}${n}`],
  );
}

let runs = 0;
/** The files an export of every demo Wave writes with `template` (as heard: at `settings`). */
async function exported(template: string, settings?: EngineSettings): Promise<string[]> {
  const dir = join(tmp.dir, `run${runs++}`);
  const r = await service.exportWaves({
    ids,
    dir,
    format: settings ? 'as-heard' : 'decoded',
    force: false,
    nameTemplate: template,
    ...(settings ? { settings } : {}),
  });
  expect(r.failed).toEqual([]);
  return files(dir);
}

interface Example {
  where: string;
  template: string;
  /** File names (with or without `.wav`: a stem example names no extension). */
  names: string[];
  asHeard: boolean;
}

/** The examples in one text: `` `T` gives `A` for a used Wave and `B` for an unused one `` and the like. */
function examplesIn(where: string, raw: string): Example[] {
  const text = raw.replace(/\s+/g, ' ');
  const out: Example[] = [];
  const tick = where === 'acsound help export' ? '' : '`';
  const q = (s: string): string => `${tick}(${s})${tick}`;
  const tpl = `[^\\s\`]*\\{[a-z]+\\}[^\\s\`]*`;
  const name = `[^\\s\`,]+`;
  for (const m of text.matchAll(
    new RegExp(`${q(tpl)} gives ${q(name)} for a used Wave,? (?:and )?${q(name)} for an unused one`, 'g'),
  ))
    out.push({ where, template: m[1]!, names: [m[2]!, m[3]!], asHeard: false });
  for (const m of text.matchAll(new RegExp(`${q(tpl)} (?:→|for an unused Wave is just) ${q(name)}`, 'g')))
    out.push({ where, template: m[1]!, names: [m[2]!], asHeard: false });
  for (const m of text.matchAll(new RegExp(`${q(tpl)} at 10 m, \\+90° gives ${q(name)} \\+ ${q(name)}`, 'g')))
    out.push({ where, template: m[1]!, names: [m[2]!, m[3]!], asHeard: true });
  for (const m of text.matchAll(new RegExp(`${q(tpl)} gives ${q(`${name}_10m_\\+90deg\\.wav`)}`, 'g')))
    out.push({ where, template: m[1]!, names: [m[2]!], asHeard: true });
  return out;
}

async function helpExport(): Promise<string> {
  const io = captureIo(tmp.dir);
  expect(await runCli(['help', 'export'], io)).toBe(0);
  return io.stdout;
}

describe('export-name examples of the docs and the help are what the demo dat gives', () => {
  it('README, docs/export-names.md and acsound help export', async () => {
    const examples = [
      ...examplesIn('README.md', readFileSync(join(repoRoot, 'README.md'), 'utf8')),
      ...examplesIn('docs/export-names.md', readFileSync(join(repoRoot, 'docs/export-names.md'), 'utf8')),
      ...examplesIn('acsound help export', await helpExport()),
    ];
    // the examples this test must find (README twice, the doc's four kinds, the help)
    expect(examples.filter((e) => e.where === 'README.md').length).toBeGreaterThanOrEqual(2);
    expect(examples.filter((e) => e.where === 'docs/export-names.md').length).toBeGreaterThanOrEqual(6);
    expect(examples.filter((e) => e.where === 'acsound help export')).toHaveLength(1);
    const atTenRight: EngineSettings = { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 };
    const cache = new Map<string, string[]>();
    for (const e of examples) {
      const key = `${e.asHeard}:${e.template}`;
      if (!cache.has(key)) cache.set(key, await exported(e.template, e.asHeard ? atTenRight : undefined));
      const written = cache.get(key)!;
      const stems = written.map((f) => f.replace(/\.(wav|json)$/, ''));
      for (const n of e.names)
        expect(/\.(wav|json)$/.test(n) ? written : stems, `${e.where}: ${e.template} → ${n}`).toContain(n);
    }
  }, 120_000);
});
