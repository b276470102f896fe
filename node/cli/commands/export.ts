import { relative, sep } from 'node:path';
import { hex8 } from '../../../core/errors';
import { CLI_EXPORT_FORMATS, DEFAULT_EXPORT_FORMAT } from '../../../core/export';
import { DEFAULT_NAME_TEMPLATE, nameTemplateProblem } from '../../../core/exportNames';
import { SoundService } from '../../service/SoundService';
import { resolveUserPath } from '../../userPath';
import { choiceFlag, type Flags } from '../args';
import { EXIT, exitCodeForFailure } from '../exitCodes';
import { parseIdList } from '../ids';
import type { CliIo } from '../io';
import { UsageError } from '../usage';

/**
 * `acsound export <dat> --out DIR [--ids …] [--format decoded|original] [--name TEMPLATE] [--force]`
 * (the formats with a CLI text in core/export `EXPORT_FORMATS`). Default: every Wave, decoded,
 * named `{id}`; `--name` takes a naming template (docs/export-names.md, e.g. `{table}/{cue}_{id}`;
 * one that is not a template is exit 1). Files are shown relative to DIR. Prints a `\r` progress line on stderr when it is a TTY, then a
 * summary (written/skipped/failed) and one line per skipped or failed file on stdout.
 * Exit 0 when nothing failed; 2 when a Wave was missing, corrupt or undecodable; 3 on a write
 * error (disk full, permission).
 */
export async function exportCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  if (typeof flags.out !== 'string' || flags.out === '') throw new UsageError('--out DIR is required', 'export');
  const format = choiceFlag(flags, 'format', CLI_EXPORT_FORMATS, DEFAULT_EXPORT_FORMAT);
  const requested = typeof flags.ids === 'string' ? parseIdList(flags.ids, '--ids') : null;
  const nameTemplate = typeof flags.name === 'string' ? flags.name : DEFAULT_NAME_TEMPLATE;
  const problem = nameTemplateProblem(nameTemplate);
  if (problem !== null) throw new UsageError(`--name: ${problem}`, 'export');
  const dir = resolveUserPath(flags.out, { base: io.cwd }).path;
  const service = new SoundService();
  try {
    await service.openDat(resolveUserPath(path!, { base: io.cwd }).path);
    const ids = requested ?? (await service.listWaves()).map((w) => w.id);
    if (ids.length === 0) {
      io.out(`0 Waves matched: the dat holds no Waves, nothing exported\n`);
      return EXIT.ok;
    }
    const progress = io.errIsTTY;
    const result = await service.exportWaves(
      { ids, dir, format, force: flags.force === true, nameTemplate },
      {
        onProgress: progress ? (p) => io.err(`\rexporting ${p.done}/${p.total} ${hex8(p.id)}`) : undefined,
      },
    );
    if (progress) io.err('\n');
    // a named file in its folder: `20000001/Footstep1_0A000012.wav`, relative to the export folder
    const shown = (file: string): string => relative(result.dir, file).split(sep).join('/');
    io.out(
      `written ${result.written.length}, skipped ${result.skipped.length}, failed ${result.failed.length} → ${dir}\n`,
    );
    for (const w of result.written) {
      for (const warning of w.warnings ?? []) io.out(`warning ${hex8(w.id)} ${shown(w.file)}: ${warning}\n`);
    }
    for (const s of result.skipped) {
      io.out(
        `skipped ${hex8(s.id)} ${s.file ? shown(s.file) : ''}: ${s.reason === 'exists' ? 'exists (use --force to overwrite)' : s.reason}\n`,
      );
    }
    for (const f of result.failed) io.out(`failed  ${hex8(f.id)}: ${f.reason}\n`);
    for (const note of result.notes ?? []) io.out(`${note}\n`);
    if (result.failed.length === 0) return EXIT.ok;
    io.err(
      `acsound export: ${result.failed.length} Wave(s) failed, first: ${hex8(result.failed[0]!.id)}: ${result.failed[0]!.reason}\n`,
    );
    return result.failed.some((f) => exitCodeForFailure(f) === EXIT.io) ? EXIT.io : EXIT.invalid;
  } finally {
    await service.close();
  }
}
