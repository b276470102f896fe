/**
 * The Export dialog's live preview of file names: the same rule the service applies
 * (core/exportNames, docs/export-names.md) over the listed Waves and SoundTables, so what the
 * dialog shows is what the export writes.
 */
import type { ExportFormat, WaveInfo } from '../../../core/contract';
import type { EngineSettings } from '../../../core/engine';
import {
  batchStems,
  idStem,
  namedFile,
  nameLengthProblem,
  nameTemplateProblem,
  parseNameTemplate,
  sidecarPath,
  type FirstUse,
  type NameFacts,
} from '../../../core/exportNames';

/** One previewed file: the Wave, its path relative to the export folder and (as heard) its sidecar. */
export interface PreviewName {
  id: number;
  file: string;
  sidecar: string | null;
}

/** The preview: why the template is not one (and no names), or the first names of the batch. */
export type NamePreview = { problem: string; names: [] } | { problem: null; names: PreviewName[] };

/**
 * `uses` is core/exportNames `firstUses` over the SoundTable list (the rows the service's index has).
 * The names of the first `count` Waves of `ids` (in the order given, which is the order they
 * are exported) when the batch `ids` is exported with `template` in `format`. Numbering of equal
 * names is decided over the whole batch, as the service does. `settings` is needed for as heard.
 */
export function exportNamePreview(opts: {
  template: string;
  ids: readonly number[];
  waves: ReadonlyMap<number, WaveInfo>;
  uses: ReadonlyMap<number, FirstUse>;
  format: ExportFormat;
  settings: EngineSettings;
  count?: number;
}): NamePreview {
  const problem = nameTemplateProblem(opts.template);
  if (problem !== null) return { problem, names: [] };
  const facts = (id: number): NameFacts | null => {
    const w = opts.waves.get(id);
    return w
      ? {
          id,
          formatTag: w.formatTag,
          sampleRate: w.sampleRate,
          channels: w.channels,
          bitsPerSample: w.bitsPerSample,
          use: opts.uses.get(id) ?? null,
        }
      : null;
  };
  const known = opts.ids.map(facts).filter((f): f is NameFacts => f !== null);
  const stems = batchStems(parseNameTemplate(opts.template), known);
  const names = opts.ids.slice(0, opts.count ?? 5).map((id) => {
    const file = namedFile(
      stems.get(id) ?? idStem(id),
      { formatTag: opts.waves.get(id)?.formatTag ?? 1 },
      opts.format,
      {
        settings: opts.settings,
      },
    );
    return { id, file, sidecar: opts.format === 'as-heard' ? sidecarPath(file) : null };
  });
  // the same length rule the service applies before it makes anything (core/exportNames)
  for (const n of names) {
    const tooLong = nameLengthProblem(n.file) ?? (n.sidecar === null ? null : nameLengthProblem(n.sidecar));
    if (tooLong !== null) return { problem: tooLong, names: [] };
  }
  return { problem: null, names };
}
