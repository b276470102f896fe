/**
 * The one naming rule for exported files, shared by the service (node/service/export.ts, the
 * CLI's `export` and `render`) and the renderer (the Export dialog shows the names before
 * writing): the id names, the as-heard stem, the sidecar and the naming templates
 * (`{table}/{cue}_{id}`, docs/export-names.md is the source of the rules).
 * Platform-free: plain strings with `/` as the folder separator; the node side joins them.
 */
import { bitsText, codecFor, NO_BITS } from './codecs/registry';
import type { SoundscapeSettings } from './engine/ambient/soundscape';
import { DEFAULT_PREFS, type EngineSettings } from './engine/types';
import { hex8 } from './errors';

/** `0x0A000001` → `0A000001` (8 uppercase hex digits, no prefix). */
export function idStem(id: number): string {
  return hex8(id).slice(2);
}

/**
 * File name of a decoded or original export: `0A000001.wav` / `0A000001.mp3` (the extension of
 * the encoder, core/export, or of the codec's original file).
 */
export function waveFileName(id: number, extension: string): string {
  return `${idStem(id)}.${extension}`;
}

/** A number for a file name: at most 2 decimals, no trailing zeros (10 → "10", 2.5 → "2.5"). */
function num(x: number): string {
  return String(Number(x.toFixed(2)));
}

/**
 * File stem of an "as heard" export, from the settings that shape it:
 * `<id>_<distance>m_<±bearing>deg` plus, only when not the default, `_<path>`, `_authored`,
 * `_vol<V>`, `_fx<S>`, `_amb<S>`, `_ui<S>`, `_mono`. E.g. `0A000012_10m_+90deg`,
 * `0A000012_2.5m_-45deg_ambient_vol0.5_mono`. Distance in metres, bearing in degrees.
 */
export function asHeardStem(id: number, s: EngineSettings): string {
  return `${idStem(id)}_${asHeardSuffix(s)}`;
}

/**
 * The settings part of an as-heard stem, without the id: `10m_+90deg` (+ the non-default
 * settings, see {@link asHeardStem}). A named export puts it after the template's name:
 * `{table}/{cue}_{id}` → `20000001/Footstep1_0A000012_10m_+90deg.wav` (docs/export-names.md §4).
 */
export function asHeardSuffix(s: EngineSettings): string {
  const b = Number(s.bearingDeg.toFixed(2));
  const parts = [`${num(s.distance)}m`, `${b < 0 ? '-' : '+'}${num(Math.abs(b))}deg`];
  if (s.path !== 'table-hook') parts.push(s.path);
  if (s.mode !== 'retail') parts.push(s.mode);
  if (s.volume !== 1) parts.push(`vol${num(s.volume)}`);
  const p = s.prefs;
  if (p.effectVolume !== DEFAULT_PREFS.effectVolume) parts.push(`fx${num(p.effectVolume)}`);
  if (p.ambientVolume !== DEFAULT_PREFS.ambientVolume) parts.push(`amb${num(p.ambientVolume)}`);
  if (p.interfaceVolume !== DEFAULT_PREFS.interfaceVolume) parts.push(`ui${num(p.interfaceVolume)}`);
  if (p.mono) parts.push('mono');
  return parts.join('_');
}

/**
 * File name of an "as heard" file: {@link asHeardStem} + `.` + the encoder's extension (default
 * `wav`), e.g. `0A000012_10m_+90deg.wav`.
 */
export function asHeardFileName(id: number, s: EngineSettings, extension = 'wav'): string {
  return `${asHeardStem(id, s)}.${extension}`;
}

/**
 * The JSON sidecar's name (or path) for an exported file's name (or path), whatever its encoder:
 * the last extension of the file name is replaced by `.json` (`x.wav` → `x.json`, `x.WAV`,
 * `x.flac`, `x.mp3` alike); a name without one gets `.json` appended (`take` → `take.json`, a
 * dot in a folder name or a leading dot does not count: `a.b/take`, `.take`), and so does a
 * `.json` name, so a sidecar never is its own file (`x.json` → `x.json.json`). `/` and `\` both
 * end a folder.
 */
export function sidecarPath(filePath: string): string {
  const nameStart = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1;
  const dot = filePath.lastIndexOf('.');
  if (dot <= nameStart || filePath.slice(dot).toLowerCase() === '.json') return filePath + '.json';
  return filePath.slice(0, dot) + '.json';
}

/**
 * File name of a soundscape render (issue 8), from the run's settings:
 * `soundscape_t<terrain>s<scene>[-…]_seed<N>_<seconds>s` plus, only when not the default,
 * `_amb<S>`, `_ambientoff`, `_authored`, `_mono`, and `.wav`. One landblock value gives one
 * `t…s…` part, nine give nine joined by `-` (row order, north-west first). E.g.
 * `soundscape_t1s0_seed1_60s.wav`, `soundscape_t1s0_seed7_30s_amb0.5.wav`.
 */
export function soundscapeFileName(
  s: Pick<SoundscapeSettings, 'landblocks' | 'seconds' | 'seed' | 'mode' | 'prefs'>,
): string {
  const parts = [
    'soundscape',
    s.landblocks.map((b) => `t${b.terrainType}s${b.scene}`).join('-'),
    `seed${s.seed}`,
    `${num(s.seconds)}s`,
  ];
  if (s.prefs.ambientVolume !== DEFAULT_PREFS.ambientVolume) parts.push(`amb${num(s.prefs.ambientVolume)}`);
  if (!s.prefs.ambientEnabled) parts.push('ambientoff');
  if (s.mode !== 'retail') parts.push(s.mode);
  if (s.prefs.mono) parts.push('mono');
  return parts.join('_') + '.wav';
}

// ---------------------------------------------------------------------------------------------
// Naming templates (issue #10; the rules are docs/export-names.md, one test each in
// core/exportNames.test.ts)

/** The tokens a naming template may use, in the order the Export dialog lists them. */
export const NAME_TOKENS = ['id', 'table', 'cue', 'label', 'format', 'rate', 'channels', 'bits'] as const;
export type NameToken = (typeof NAME_TOKENS)[number];

/**
 * `{bits}` of a Wave without a sample size — MP3 frames, or a wBitsPerSample of 0: what the lists
 * show as {@link NO_BITS} (core/codecs `bitsText`, the one rule), in ASCII letters a file name can
 * hold and no shell reads as an option (docs/export-names.md §1).
 */
export const NO_BITS_IN_NAMES = 'none';

/** What each token gives, for the usage text and the Export dialog. */
export const NAME_TOKEN_HINTS: Readonly<Record<NameToken, string>> = {
  id: 'Wave id, 8 hex digits (0A000012)',
  table: 'first SoundTable using it (20000001)',
  cue: "that use's sound type (Wound1)",
  label: "that table's label (Human (male))",
  format: 'PCM, MP3, MS ADPCM…',
  rate: 'sample rate in Hz (22050)',
  channels: 'channels (1, 2)',
  bits: `bits per sample (16; ${NO_BITS_IN_NAMES} for MP3)`,
};

/** The template used when none is given: the Wave id (`0A000012.wav`). */
export const DEFAULT_NAME_TEMPLATE = '{id}';

/** The first use of a Wave: the SoundTable with the lowest id naming it, then its first row in file order. */
export interface FirstUse {
  /** SoundTable dat entry id. */
  table: number;
  /** The sound type name of that row (dat-format §6), e.g. `Wound1`. */
  cue: string;
  /** The table's public label (shared/data/soundtable-labels.json), or null. */
  label: string | null;
}

/** What the tokens of a template read from one Wave (the listing's WAVEFORMATEX fields and its first use). */
export interface NameFacts {
  /** Dat entry id. */
  id: number;
  /** wFormatTag: `{format}` is the codec's name (core/codecs `codecFor`). */
  formatTag: number;
  /** nSamplesPerSec, Hz. */
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** null when no SoundTable names the Wave: `{table}`, `{cue}`, `{label}` are then empty. */
  use: FirstUse | null;
}

/** A SoundTable as {@link firstUses} reads it (a listing row, `SoundTableInfo`, fits). */
export interface TableUses {
  id: number;
  label: string | null;
  sounds: readonly { name: string; entries: readonly { waveId: number }[] }[];
}

/**
 * Each Wave's first use (docs/export-names.md §1): among the tables naming it, the lowest
 * SoundTable id; within it, the first row in file order (sound types, then their rows). The
 * tables may come in any order.
 */
export function firstUses(tables: readonly TableUses[]): Map<number, FirstUse> {
  const out = new Map<number, FirstUse>();
  for (const t of [...tables].sort((a, b) => (a.id >>> 0) - (b.id >>> 0))) {
    for (const s of t.sounds) {
      for (const e of s.entries) {
        const wave = e.waveId >>> 0;
        if (!out.has(wave)) out.set(wave, { table: t.id >>> 0, cue: s.name, label: t.label });
      }
    }
  }
  return out;
}

/** A piece of a template segment: literal text or a token. */
type TemplatePart = { text: string } | { token: NameToken };

/** A checked naming template: its source and its folder segments (split at `/`). */
export interface NameTemplate {
  source: string;
  segments: TemplatePart[][];
}

const TOKEN_LIST = NAME_TOKENS.map((t) => `{${t}}`).join(' ');

/**
 * Why `source` is not a naming template, in plain words, or null when it is one: empty,
 * a `{` without its `}`, a `}` without its `{`, an unknown token (tokens are lowercase:
 * {@link NAME_TOKENS}). Any other text is allowed (characters no file name can hold become `_`).
 */
export function nameTemplateProblem(source: string): string | null {
  if (typeof source !== 'string' || source.trim() === '') return `the template is empty; the tokens are ${TOKEN_LIST}`;
  const re = /\{([^{}]*)\}|[{}]/g;
  for (let m = re.exec(source); m !== null; m = re.exec(source)) {
    if (m[0] === '{') return `"{" at character ${m.index + 1} is not closed by "}"`;
    if (m[0] === '}') return `"}" at character ${m.index + 1} has no "{" before it`;
    if (!(NAME_TOKENS as readonly string[]).includes(m[1]!))
      return `unknown token ${m[0]} at character ${m.index + 1}; the tokens are ${TOKEN_LIST}`;
  }
  // the template's own text, with every token empty and the shortest extension: already too long?
  const fixed = source
    .split('/')
    .map((seg) => safeNameChars(seg.replace(/\{[a-z]+\}/g, '')))
    .filter((seg) => seg !== '')
    .join('/');
  return nameLengthProblem(`${fixed}.wav`);
}

/** The most bytes (UTF-8) of one folder or file name: the limit of ext4, NTFS, APFS (docs/export-names.md §2). */
export const MAX_NAME_BYTES = 255;

/** The most bytes (UTF-8) of a name's whole path inside the export folder (docs/export-names.md §2). */
export const MAX_PATH_BYTES = 1024;

/** Bytes of `s` in UTF-8. */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * Why a file's path inside the export folder (`/` between folders) is too long to be made, in
 * plain words, or null: a folder or file name over {@link MAX_NAME_BYTES} bytes in UTF-8, or the
 * whole path over {@link MAX_PATH_BYTES}. E.g. `the name "xxxx…xxx.wav" is 304 bytes long; a
 * folder or file name may have at most 255 bytes (UTF-8)`. docs/export-names.md §2.
 */
export function nameLengthProblem(path: string): string | null {
  const short = (x: string): string => (x.length > 40 ? `${x.slice(0, 20)}…${x.slice(-16)}` : x);
  for (const name of path.split('/')) {
    const n = utf8Length(name);
    if (n > MAX_NAME_BYTES)
      return `the name "${short(name)}" is ${n} bytes long; a folder or file name may have at most ${MAX_NAME_BYTES} bytes (UTF-8)`;
  }
  const total = utf8Length(path);
  if (total > MAX_PATH_BYTES)
    return `the path "${short(path)}" is ${total} bytes long; a name with its folders may have at most ${MAX_PATH_BYTES} bytes (UTF-8)`;
  return null;
}

/**
 * Parses a naming template (`{table}/{cue}_{id}`): `/` separates folders.
 * @throws TypeError with {@link nameTemplateProblem}'s text when it is not a template
 */
export function parseNameTemplate(source: string): NameTemplate {
  const problem = nameTemplateProblem(source);
  if (problem !== null) throw new TypeError(`naming template ${JSON.stringify(source)}: ${problem}`);
  const segments = source.split('/').map((seg) => {
    const parts: TemplatePart[] = [];
    const re = /\{([a-z]+)\}|[^{]+/g;
    for (let m = re.exec(seg); m !== null; m = re.exec(seg)) {
      parts.push(m[1] !== undefined ? { token: m[1] as NameToken } : { text: m[0] });
    }
    return parts;
  });
  return { source, segments };
}

/** Characters no file name may hold on Windows, macOS or Linux (and `/` inside a value): each becomes `_`. */
const FORBIDDEN = /[<>:"\\|?*/\u0000-\u001f\u007f]/g;

/** Separators trimmed where an empty token leaves them at a segment's start or end. */
const SEPARATOR = /[_\- .]/;

/** Windows' reserved device names (any case, also with an extension: `con.wav`). */
const RESERVED = /^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;

/** `s` with every character no file name may hold replaced by `_` (docs/export-names.md §2). */
export function safeNameChars(s: string): string {
  return s.replace(FORBIDDEN, '_');
}

/**
 * A Windows reserved name (`CON`, `PRN`, `AUX`, `NUL`, `COM1`–`COM9`, `LPT1`–`LPT9`, any case,
 * also before an extension: `con.txt`) with a `_` after the reserved part: `CON` → `CON_`,
 * `lpt1.x` → `lpt1_.x`; any other name unchanged (docs/export-names.md §2).
 */
export function unreserveName(segment: string): string {
  const dot = segment.indexOf('.');
  const base = dot < 0 ? segment : segment.slice(0, dot);
  return RESERVED.test(base.trimEnd()) ? `${base}_${dot < 0 ? '' : segment.slice(dot)}` : segment;
}

/**
 * A name without the dots and spaces at its end, which Windows cannot keep (it strips them, so
 * `0A000012.` and `0A000012` would be one file, and `x.` + `.wav` would be `x..wav`):
 * `0A000012. ` → `0A000012`; a name of dots and spaces only becomes '' (dropped).
 * docs/export-names.md §2.
 */
export function portableEnd(segment: string): string {
  return segment.replace(/[. ]+$/, '');
}

/** The value of one token for one Wave ('' when unknown: an unused Wave has no table, cue or label). */
function tokenValue(token: NameToken, f: NameFacts): string {
  switch (token) {
    case 'id':
      return idStem(f.id);
    case 'table':
      return f.use ? idStem(f.use.table) : '';
    case 'cue':
      return f.use?.cue ?? '';
    case 'label':
      return f.use?.label ?? '';
    case 'format':
      return codecFor(f.formatTag).name;
    case 'rate':
      return String(f.sampleRate);
    case 'channels':
      return String(f.channels);
    case 'bits': {
      const bits = bitsText(f.formatTag, f.bitsPerSample);
      return bits === NO_BITS ? NO_BITS_IN_NAMES : bits;
    }
  }
}

/**
 * One segment after substitution: values made safe, then the separators (`_`, `-`, space, `.`)
 * that an empty token leaves at the segment's start or end trimmed (a separator run at the edge
 * is trimmed when an empty token stands in it; literal separators the template itself starts or
 * ends with, with no empty token beside them, stay).
 */
function renderSegment(parts: readonly TemplatePart[], f: NameFacts): string {
  const pieces = parts.map((p) =>
    'token' in p
      ? { token: true, value: safeNameChars(tokenValue(p.token, f)) }
      : { token: false, value: safeNameChars(p.text) },
  );
  const trimEdge = (list: typeof pieces, strip: (s: string) => string): void => {
    let sawEmpty = false;
    const run: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      if (p.token && p.value === '') {
        sawEmpty = true;
        continue;
      }
      const rest = p.token ? p.value : strip(p.value);
      if (!p.token) run.push(i);
      if (p.token || rest !== '') {
        if (sawEmpty) {
          for (const j of run) list[j]!.value = strip(list[j]!.value);
        }
        return;
      }
    }
    if (sawEmpty) for (const j of run) list[j]!.value = '';
  };
  const lead = (s: string): string => {
    let i = 0;
    while (i < s.length && SEPARATOR.test(s[i]!)) i++;
    return s.slice(i);
  };
  const trail = (s: string): string => {
    let i = s.length;
    while (i > 0 && SEPARATOR.test(s[i - 1]!)) i--;
    return s.slice(0, i);
  };
  trimEdge(pieces, lead);
  const reversed = [...pieces].reverse();
  trimEdge(reversed, trail);
  return pieces.map((p) => p.value).join('');
}

/**
 * The relative path stem (no extension; `/` between folders) a template gives one Wave
 * (docs/export-names.md §1–§3): tokens substituted, forbidden characters → `_`, the separators
 * empty tokens leave at a segment's edges trimmed, empty segments dropped, `.` and `..` (any
 * segment of dots only) dropped so a name never leaves the export folder, trailing dots and
 * spaces trimmed from every segment ({@link portableEnd}), reserved Windows names given a `_`. A template that leaves nothing (`{label}` for an unused Wave) gives the id stem.
 * E.g. `{table}/{cue}_{id}` → `20000001/Footstep1_0A000012`, and `0A000066` for an unused Wave (the demo dat).
 */
export function templateStem(template: NameTemplate, f: NameFacts): string {
  const segments = template.segments
    .map((parts) => portableEnd(renderSegment(parts, f)))
    .filter((seg) => seg !== '' && !/^\.+$/.test(seg))
    .map(unreserveName);
  return segments.length > 0 ? segments.join('/') : idStem(f.id);
}

/**
 * The stems of a batch (docs/export-names.md §3): {@link templateStem} for each Wave, then the
 * Waves whose stems are equal (compared in any case, as Windows and macOS do) numbered in id
 * order — the lowest id keeps the name, the next gets `name_2`, then `name_3` (`CON_` → `CON_2`:
 * {@link numbered}) — skipping any
 * number another Wave's name already has. Every Wave gets a name of its own: none is dropped.
 * @returns id → stem, for every id of `facts` (duplicates by id count once)
 */
export function batchStems(template: NameTemplate, facts: readonly NameFacts[]): Map<number, string> {
  const sorted = [...new Map(facts.map((f) => [f.id >>> 0, f])).values()].sort((a, b) => (a.id >>> 0) - (b.id >>> 0));
  const plain = sorted.map((f) => ({ id: f.id >>> 0, stem: templateStem(template, f) }));
  const taken = new Set<string>();
  const out = new Map<number, string>();
  const later: { id: number; stem: string }[] = [];
  for (const p of plain) {
    const key = p.stem.toLowerCase();
    if (taken.has(key)) later.push(p);
    else {
      taken.add(key);
      out.set(p.id, p.stem);
    }
  }
  for (const p of later) {
    let n = 2;
    while (taken.has(numbered(p.stem, n).toLowerCase())) n++;
    const stem = numbered(p.stem, n);
    taken.add(stem.toLowerCase());
    out.set(p.id, stem);
  }
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}

/**
 * `stem` numbered `n` (docs/export-names.md §3): `name_2`; a name that already ends in `_` (a
 * reserved name's mark, `CON_`, or the template's own) takes the number straight after it,
 * `CON_2`, never a second `_` (`CON__2`).
 */
function numbered(stem: string, n: number): string {
  return stem.endsWith('_') ? `${stem}${n}` : `${stem}_${n}`;
}

/**
 * The file name (relative path) of one Wave of a batch from its stem: decoded `<stem>.<encoder
 * extension>`, original `<stem>.<the codec's original extension>` (`.mp3` for MP3), as heard
 * `<stem>_<settings>.<ext>` ({@link asHeardSuffix}); the as-heard sidecar is
 * {@link sidecarPath} of it, in the same folder.
 */
export function namedFile(
  stem: string,
  f: Pick<NameFacts, 'formatTag'>,
  format: 'decoded' | 'original' | 'as-heard',
  opts: { extension?: string; settings?: EngineSettings } = {},
): string {
  const ext = opts.extension ?? 'wav';
  switch (format) {
    case 'decoded':
      return `${withoutExtension(stem, ext)}.${ext}`;
    case 'original': {
      const original = codecFor(f.formatTag).originalExtension;
      return `${withoutExtension(stem, original)}.${original}`;
    }
    case 'as-heard':
      if (!opts.settings) throw new TypeError('an as-heard name needs the settings');
      return `${withoutExtension(stem, ext)}_${asHeardSuffix(opts.settings)}.${ext}`;
  }
}

/**
 * A stem without a trailing `.<extension>` (any case) that the template already wrote, so that
 * `{id}.wav` gives `0A000012.wav`, not `0A000012.wav.wav` (docs/export-names.md §4; pitfalls
 * §25): `0A000012.WAV` → `0A000012`, `x..wav` → `x` (no name ends in a dot, §2). A stem that would
 * be left empty (`.wav`) or that ends in another extension (`0A000012.mp3` for a `.wav` file) is
 * kept as it is.
 */
export function withoutExtension(stem: string, extension: string): string {
  const suffix = `.${extension}`.toLowerCase();
  if (!stem.toLowerCase().endsWith(suffix)) return stem;
  const cut = stem.slice(0, stem.length - suffix.length);
  const slash = cut.lastIndexOf('/');
  const name = portableEnd(cut.slice(slash + 1));
  return name === '' ? stem : cut.slice(0, slash + 1) + name;
}
