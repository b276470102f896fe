/**
 * The "what" of an export, defined once: decoded, original, as heard. The contract's
 * `ExportFormat`, the service's request check (node/service/export.ts), the CLI's `--format`
 * choices and usage text (node/cli) and the Export dialog's options (renderer) all read this
 * table. Each format that is `encoded` is written by the request's encoder (core/export/encoders.ts,
 * the "how"); `original` writes the Wave's bytes as stored (its codec's `original`, core/codecs).
 */

export interface ExportFormatInfo {
  /** The request's `format` value. */
  readonly format: string;
  /** The Export dialog's option label (its accessible name). */
  readonly label: string;
  /** The Export dialog's one-line description. */
  readonly hint: string;
  /** The CLI usage text's description (`<format> = <cli>`), or null when the CLI's `export` does not offer it. */
  readonly cli: string | null;
  /** Written by the request's encoder (false: the stored bytes, whatever the encoder). */
  readonly encoded: boolean;
  /** Needs the Listener settings (`ExportRequest.settings`): the file is named from them and has a JSON sidecar. */
  readonly needsSettings: boolean;
}

export const EXPORT_FORMATS = [
  {
    format: 'decoded',
    label: 'Decoded WAV',
    hint: '16-bit PCM at the wave’s own rate and channels (sample-exact for PCM)',
    cli: '16-bit PCM WAV (0A000001.wav)',
    encoded: true,
    needsSettings: false,
  },
  {
    format: 'original',
    label: 'Original',
    hint: 'PCM as RIFF with the original fmt chunk; MP3 as a bare .mp3 of its frames',
    cli: 'the stored bytes (PCM as .wav with the original fmt, MP3 as bare .mp3 frames)',
    encoded: false,
    needsSettings: false,
  },
  {
    // the CLI renders one Wave as heard with `acsound render` (the engine options name the settings)
    format: 'as-heard',
    label: 'As heard',
    // retail mode plays MP3 and ADPCM through ACM at 11,025 Hz mono (core/audio RETAIL_PCM_RATE): so is the file
    hint: 'stereo 16-bit, each channel × the engine’s gain for the Listener settings; in retail mode MP3 and ADPCM Waves are 11,025 Hz (the retail ACM conversion)',
    cli: null,
    encoded: true,
    needsSettings: true,
  },
] as const satisfies readonly ExportFormatInfo[];

/** What an export writes: `'decoded' | 'original' | 'as-heard'`. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number]['format'];

/** The format of a request or dialog that names none. */
export const DEFAULT_EXPORT_FORMAT: ExportFormat = 'decoded';

/** The format names, in table order. */
export const EXPORT_FORMAT_NAMES: readonly ExportFormat[] = EXPORT_FORMATS.map((f) => f.format);

/** Whether `name` is one of {@link EXPORT_FORMAT_NAMES}. */
export function isExportFormat(name: unknown): name is ExportFormat {
  return (EXPORT_FORMAT_NAMES as readonly unknown[]).includes(name);
}

/** The table row of `format`. */
export function exportFormatInfo(format: ExportFormat): ExportFormatInfo {
  return EXPORT_FORMATS.find((f) => f.format === format)!;
}

/** The formats the CLI's `export --format` offers (those with a `cli` text), in table order. */
export const CLI_EXPORT_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter((f) => f.cli !== null).map(
  (f) => f.format,
);
