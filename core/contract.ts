/**
 * The one typed contract of the sound service, shared by the Electron main process, the
 * preload, the renderer and the HTTP browser host. Each method is one capability; transports
 * are generic over {@link SoundServiceMethods}, so a wrong name or argument fails to compile
 * everywhere. Errors cross every transport as {@link ErrorData} (core/errors.ts) inside an
 * {@link Envelope} (core/envelope.ts) and are rebuilt with their name, code and details.
 *
 * Ids are plain numbers (u32, always < 2^32, so JSON-safe); show them with `hex8`.
 */
import type { SoundscapeSettings } from './engine/ambient/soundscape';
import type { EngineSettings } from './engine/types';
import type { AmbientSTBDesc, SceneType, TerrainType } from './objects/region';
import type { SoundTable } from './objects/soundTable';
import type { ErrorData } from './errors';
import type { EncoderName, ExportFormat } from './export';
export type { Envelope } from './envelope';
import type {
  CreatureDetail,
  CreatureInfo,
  EffectInfo,
  GraphStatus,
  ObjectReference,
  SoundGraphData,
  Timeline,
  TimelineRequest,
  UsedByCount,
} from './graph/types';

export type * from './graph/types';

export type DatFormatName = 'eor' | 'pre-tod';

/** Header facts of the open dat (dat-format §1, §3.5). */
export interface DatSummary {
  /** Absolute path of the open dat, or null when nothing is open. */
  path: string | null;
  /** True when the bundled demo dat is open. */
  demo: boolean;
  format: DatFormatName;
  blockSize: number;
  fileSize: number;
  /** 1 = portal; null for pre-ToD (no such field). */
  dataSet: number | null;
  /**
   * Number of entries in the whole B-tree. `openDat` answers null (the count walks every node,
   * about doubling the open time of a portal dat, and nothing else needs it); `getSummary`
   * counts it once per open dat and answers the number — or null with a warning when the tree
   * outside the Wave and SoundTable ranges cannot be walked (a corrupt node there: the sounds
   * still list).
   */
  entryCount: number | null;
  /** The 0xFFFF0001 iteration record (or the pre-ToD header field); null if absent or malformed (then `warnings` says why). */
  iteration: number | null;
  waveCount: number;
  soundTableCount: number;
  /** Milliseconds taken to open and index. */
  openMs: number;
  /**
   * Non-fatal findings about the dat, for the user: header (dataSet ≠ 1, truncated file, header
   * fileSize ≠ real size), an unreadable entry count or iteration record, block chains with a
   * non-zero final link (also those found by later reads), a malformed labels file. Empty when
   * all is well. Per-object findings are on the rows (`WaveInfo.warnings`, `SoundTableInfo.warnings`).
   */
  warnings: string[];
}

/** One Wave as listed (dat-format §5). Field names follow WAVEFORMATEX. */
export interface WaveInfo {
  id: number;
  /** wFormatTag (full u16): 1 PCM, 0x55 MPEG Layer III. */
  formatTag: number;
  channels: number;
  /** nSamplesPerSec, Hz */
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  avgBytesPerSec: number;
  /** Format-block size H in bytes: 18 (PCM) or 30 (MP3). */
  headerSize: number;
  /**
   * WAVEFORMATEX `cbSize` as the header declares it (docs/formats/wave.md §2), present only when it
   * is not H − 18 (what nearly every Wave declares: the listing stays small); core/index
   * `listedCbSize` gives it for any row, so the Wave view labels a header whose data does not read.
   */
  cbSize?: number;
  /** Sample-data size D in bytes as declared (for a salvaged Wave, more than the record holds). */
  dataSize: number;
  /**
   * Sample-data bytes present: D clamped to what the record holds after the format block — what
   * plays and exports (pitfalls #8). Equal to `dataSize` except for a salvaged Wave; shown by
   * core/index `waveDataSize` / `dataSizeText`. 0 when the Wave did not parse. Computed from the
   * header and the dat entry's size only: listing reads each Wave's first block, never its whole
   * data chain (reading every chain would read the whole dat), so a chain broken further on is not
   * seen here — only when the Wave is played, exported or opened, which then say "cannot play:
   * …" / fail it, and the app marks its row ⚠ from then on.
   */
  dataBytes: number;
  /** Sample frames (PCM: whole frames in the data; MP3: from the frame headers). */
  frames: number;
  durationSec: number;
  /** The dat entry is zlib-compressed (dat-format §3.4). */
  compressed: boolean;
  /** Lint warnings for inconsistent headers (pitfalls #7, #8). */
  warnings: string[];
  /**
   * Set when the Wave could not be read or does not parse (the row is still listed): the error in
   * its wire shape — `DatFormatError` (reading the dat; `details.offset` absolute) or
   * `ObjectFormatError` (the Wave object; `details.objectId`, `details.offset` in the object).
   */
  error: ErrorData | null;
}

/**
 * A sound type of a listed SoundTable: its value and name and the Wave each row (entry, variant)
 * names, in file order — what search, "used by" and playback targets need, without the floats
 * (those come with {@link SoundTableDetail}).
 */
export interface SoundTypeSummary {
  soundType: number;
  /** Sound enum name (dat-format §6), e.g. "ShieldUp"; `Unknown_0xNN` outside the enum. */
  name: string;
  /** One per row, in file order. */
  entries: { waveId: number }[];
}

/**
 * One SoundTable as listed, with its sound types (names, rows, Wave ids): the list carries what
 * the app needs about every table, so nothing is fetched per table to search or find "used by".
 */
export interface SoundTableInfo {
  id: number;
  /** Public label from shared/data/soundtable-labels.json (e.g. "Drudge"), or null. */
  label: string | null;
  /**
   * Its sound types and entries (rows); 0 when the table did not parse (`error`), which the lists
   * show as unknown (`?` in `acsound list`, "—" in the app), never as 0, as a Wave's fields.
   */
  soundTypeCount: number;
  entryCount: number;
  /** Its sound types in file order (empty when the table did not parse). */
  sounds: SoundTypeSummary[];
  /** Non-fatal findings (object id ≠ entry id, a chain's non-zero final link); the table is still usable. */
  warnings: string[];
  /** Set when the SoundTable could not be read or does not parse: the error in its wire shape (see {@link WaveInfo.error}). */
  error: ErrorData | null;
}

/** A playback entry (variant) of a SoundType (client `SoundData`), floats as read (float32). */
export interface SoundEntryData {
  waveId: number;
  priority: number;
  probability: number;
  volume: number;
}

/** A SoundType child of a SoundTable, in file order, with each row's floats. */
export interface SoundTypeData extends SoundTypeSummary {
  entries: SoundEntryData[];
}

export interface SoundTableDetail {
  id: number;
  label: string | null;
  hashKey: number;
  rootEntries: SoundEntryData[];
  sounds: SoundTypeData[];
}

/** Where a Wave is used: one row per (SoundTable, SoundType, entry). */
export interface WaveUsage {
  tableId: number;
  soundType: number;
  name: string;
  entryIndex: number;
}

/** What an export writes, from the one table core/export/formats.ts (`EXPORT_FORMATS`). */
export type { ExportFormat } from './export/formats';
/** How it is encoded, from the one list core/export/encoders.ts (`ENCODERS`). */
export type { EncoderName } from './export/encoders';

export interface ExportRequest {
  ids: number[];
  /**
   * Folder path; created if missing. A relative path is resolved against the host's base folder
   * (the browser host's / CLI's working directory; Electron: the home folder), and the result's
   * `dir` is the absolute folder used. A folder that cannot be created or written fails the
   * whole request with one `ExportError` (code ENOENT, EACCES, ENOTDIR, EROFS…) before any Wave.
   */
  dir: string;
  format: ExportFormat;
  /**
   * The encoder of the `encoded` formats (decoded, as heard): one of core/export `ENCODERS`
   * (`'wav'`, the default when absent). `original` writes the stored bytes whatever it says.
   */
  encoder?: EncoderName;
  /** Overwrite existing files; otherwise they are skipped and reported. */
  force: boolean;
  /** Required for 'as-heard': the Listener settings to bake in. */
  settings?: EngineSettings;
  /**
   * How files are named (docs/export-names.md): a template of `{id}` `{table}` `{cue}` `{label}`
   * `{format}` `{rate}` `{channels}` `{bits}`, `/` making folders inside `dir`, e.g.
   * `{table}/{cue}_{id}` → `20000001/Footstep1_0A000012.wav` (the demo dat). Default `{id}` (core/exportNames
   * `DEFAULT_NAME_TEMPLATE`); an as-heard name adds its settings after it
   * (`…_10m_+90deg.wav`). Equal names are numbered `name_2`, `name_3` in id order. A template
   * that is not one (`nameTemplateProblem`) fails the request with a `RequestError`.
   */
  nameTemplate?: string;
}

export interface ExportResult {
  dir: string;
  /**
   * `sidecar`: the JSON written next to an as-heard WAV (settings and engine decision).
   * `warnings`: the Wave's lint warnings when it was written despite them (e.g. a declared data
   * size that overruns its record, clamped: pitfalls #8); absent when there are none.
   */
  written: { id: number; file: string; sidecar?: string; warnings?: string[] }[];
  /**
   * Ids attempted and not written, each with its file: `reason` "exists" (or "exists (<sidecar
   * name>)") or why the engine did not play it (as-heard). A Wave whose file was being made when
   * the cancel came is not here but in {@link notAttempted}.
   */
  skipped: { id: number; file: string; reason: string }[];
  /** `reason` does not repeat the id (show it as `0x0A000010: <reason>`). */
  failed: { id: number; reason: string }[];
  /**
   * Ids never attempted, or whose file was still being made, when the batch was cancelled or
   * stopped on a full disk, in request order (empty otherwise). Every requested id (duplicates dropped) is in exactly one of
   * `written`, `skipped`, `failed`, `notAttempted`.
   */
  notAttempted: number[];
  /** True when {@link SoundServiceMethods.cancelExport} stopped the batch (the rest are in `notAttempted`). */
  cancelled: boolean;
  /**
   * Lines every front end shows with the summary, when there is something to say: why the batch
   * stopped early (the disk filled up: "stopped: no space left on device (ENOSPC) …"), and for an
   * `original` export that its bytes were written as stored, naming the Waves whose stored format
   * is not a valid WAV format. Absent or empty otherwise.
   */
  notes?: string[];
}

/**
 * After each id attempted: `done` of `total`, `id` the one just done. A cancelled batch ends with
 * one more event whose `done` is the number attempted (and `id` the last one attempted).
 */
export interface ExportProgress {
  done: number;
  total: number;
  id: number;
}

/** One value of a Wave census column (e.g. 22050 Hz) and the Waves that have it. */
export interface CensusBucket {
  value: number;
  waves: number;
  /**
   * Their total duration in seconds, over the Waves whose length can be known (core/index
   * `lengthKnown`); null when none can (e.g. every Wave of the 0 Hz bucket): unknown, not 0.
   */
  durationSec: number | null;
  /** Their total sample-data bytes present (`WaveInfo.dataBytes`: a salvaged Wave counts what its record holds). */
  bytes: number;
}

/** One float value of a SoundTable row column (priority, probability, volume) and how many rows have it. */
export interface CensusValue {
  value: number;
  rows: number;
}

/**
 * The Waves of a dat counted (peers-and-ux "Features none of them has" #8). The bucket lists
 * count only Waves that parsed (`count - withErrors`), ascending by value.
 */
export interface WaveCensus {
  count: number;
  byFormatTag: CensusBucket[];
  bySampleRate: CensusBucket[];
  byChannels: CensusBucket[];
  byBitsPerSample: CensusBucket[];
  byHeaderSize: CensusBucket[];
  /** Waves whose format block H is 18 bytes (WAVEFORMATEX), 30 (MPEGLAYER3WAVEFORMAT) or anything else. */
  headerSize18: number;
  headerSize30: number;
  headerSizeOther: number;
  /** zlib-compressed dat entries. */
  compressed: number;
  /** Waves with lint warnings (pitfalls #7, #8, MP3 header disagreement). */
  withWarnings: number;
  /**
   * Waves that did not parse: their header (the first block, as listed) is unreadable. Like the
   * list, the census reads no Wave's whole data chain, so a chain broken beyond the first block is
   * not counted here (`acsound export` or playing the Wave finds it; see {@link WaveInfo.dataBytes}).
   */
  withErrors: number;
  /** Over the Waves whose length can be known (as {@link CensusBucket.durationSec}); null when none can. */
  totalDurationSec: number | null;
  /** Sum of the sample-data bytes present (`WaveInfo.dataBytes`), not of the declared D. */
  totalBytes: number;
  /** Waves named by no row of any SoundTable that parsed. */
  unused: number;
  warningIds: number[];
  errorIds: number[];
  unusedIds: number[];
}

/**
 * The SoundTables of a dat counted: measures retail-engine §7 item 6 ("all rows are priority 0 /
 * probability 1 / volume 1") on a real dat. A row is one entry (variant) of a sound type.
 */
export interface SoundTableCensus {
  /** SoundTables that parsed (the rest are `withErrors`). */
  count: number;
  withErrors: number;
  /** Sound types over all tables (one table's Wound1 and another's count twice). */
  soundTypes: number;
  /** How many tables have N sound types, ascending by N. */
  soundTypesPerTable: { value: number; tables: number }[];
  /** Each sound type (cue) that occurs: in how many tables and rows; ascending by value. */
  bySoundType: { soundType: number; name: string; tables: number; rows: number }[];
  rows: number;
  /** Root entries (outside any sound type), usually none. */
  rootRows: number;
  /** Sound types with n ≥ 2 rows, and their rows. */
  multiVariantSoundTypes: number;
  multiVariantRows: number;
  /** Rows retail never picks: the last one (index n−1) of each sound type with n ≥ 2 (`trunc((n−1)·U)`). */
  unreachableInRetail: number;
  probabilityBelow1: number;
  volumeNot1: number;
  priorityNot0: number;
  /** Rows naming Wave id 0. */
  waveIdZero: number;
  /** Rows naming a non-zero Wave id the dat does not hold. */
  missingWave: number;
  missingWaveIds: number[];
  byPriority: CensusValue[];
  byProbability: CensusValue[];
  byVolume: CensusValue[];
}

/** {@link SoundServiceMethods.getCensus}: the whole dat's Waves and SoundTables counted (core/census.ts). */
export interface Census {
  waves: WaveCensus;
  soundTables: SoundTableCensus;
}

/**
 * {@link SoundServiceMethods.getSoundscape}: the open dat's Region as the ambient scheduler
 * (core/engine/ambient, docs/ambient.md) and the Soundscape view need it.
 */
export interface SoundscapeInfo {
  /** The Region's DID (0x13000000–0x1300FFFF; the first the dat holds). */
  regionId: number;
  /** The Region's own name. */
  name: string;
  /** The fields of the terrain → ambient set chain (core/engine/ambient `AmbientRegion`). */
  ambientSets: AmbientSTBDesc[];
  sceneTypes: SceneType[];
  /** The Region's terrain types: their own names (what the view and `--terrain` offer). */
  terrainTypes: TerrainType[];
  /** The SoundTables the sets name that the dat holds and that parse, ascending by id (sounds by key, as the scheduler reads them). */
  soundTables: Pick<SoundTable, 'id' | 'sounds'>[];
  /** SoundTable ids a set names that the dat lacks or cannot parse: those sets stay silent (the client's `stb_not_found`). */
  missingSoundTables: number[];
}

/**
 * {@link SoundServiceMethods.exportSoundscape}: a soundscape run (checked again by core/engine
 * `parseSoundscapeSettings`) and where to write it. The file names come from core/exportNames
 * `soundscapeFileName`.
 */
export interface SoundscapeExportRequest extends SoundscapeSettings {
  /** Folder; created if missing; relative paths as {@link ExportRequest.dir}. */
  dir: string;
  /** Overwrite an existing WAV or sidecar; otherwise nothing is written (`outcome: 'exists'`). */
  force: boolean;
}

/** What a soundscape export wrote: a stereo 16-bit 22050 Hz WAV and its JSON sidecar (settings and events). */
export interface SoundscapeExportResult {
  /** The absolute folder used. */
  dir: string;
  /** 'exists': the WAV or the sidecar was there and `force` was off — nothing was written (nor rendered). */
  outcome: 'written' | 'exists';
  /** With 'exists': the file name in `dir` that was there (the WAV or the sidecar); else null. */
  existing: string | null;
  /** File names in `dir`. */
  wav: string;
  sidecar: string;
  /** Scheduler events (plays and failed rolls) and how many of them played. */
  events: number;
  played: number;
  /** The mix's peak before any scaling (1 = full scale) and in dBFS (null for silence); 0 / null when not rendered. */
  peak: number;
  peakDb: number | null;
  /** The gain applied so nothing clips (1 unless the peak was above full scale). */
  gain: number;
  /** Wave ids that played but could not be decoded (left out of the mix). */
  missingWaves: number[];
}

/** Every capability of the service. Implemented in node/; called through a transport. */
/** What {@link SoundServiceMethods.listDirectory} lists besides folders: `.dat` files (opening a dat), or nothing (an export folder). */
export type DirectoryShow = 'dat' | 'folders';

/** One entry of a {@link DirectoryListing}: a folder, or a file the listing asked for. */
export interface DirectoryEntry {
  name: string;
  /** Absolute path. */
  path: string;
  kind: 'folder' | 'file';
}

/**
 * A folder as the browser host's picker shows it (issue #10 defect 4): its absolute `path`, its
 * `parent` (null at a root), the user's `home`, and its entries — folders first, then files,
 * each by name (case-insensitive); hidden (dot) entries left out; at most 5000 (`truncated`).
 */
export interface DirectoryListing {
  path: string;
  parent: string | null;
  home: string;
  entries: DirectoryEntry[];
  truncated: boolean;
}

/**
 * A value the service hands out by reference, deeply read-only: the listing rows of a dat's
 * index and the sound graph's data, which every service on the same file shares
 * (node/service/indexCache.ts). Whoever receives one in-process reads it and never changes it —
 * the type says so. Over a wire bridge the receiver gets its own copy anyway. Only the graph's
 * data is also frozen at run time, once per graph (node/service/frozenCopy.ts), because the
 * browser host keeps its serialized body by identity (2 MB of JSON); the rows are not (issue #9:
 * a copy of every row on every list was a tenth of the garbage of an open + list, and freezing
 * them cost more than the copies).
 */
export type Shared<T> = T extends readonly (infer U)[]
  ? readonly Shared<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Shared<T[K]> }
    : T;

export interface SoundServiceMethods {
  /** Opens a dat read-only (or the demo dat when `path` is null) and indexes it. */
  openDat(path: string | null): Promise<DatSummary>;
  /** The open dat, or null. */
  getSummary(): Promise<DatSummary | null>;
  /** Every Wave's listing row: the index's own rows, read-only ({@link Shared}), in a fresh array. */
  listWaves(): Promise<Shared<WaveInfo>[]>;
  /**
   * Every SoundTable with its sound types and rows' Wave ids: enough for search and "used by"
   * (core/index). The index's own rows, read-only ({@link Shared}), in a fresh array.
   */
  listSoundTables(): Promise<Shared<SoundTableInfo>[]>;
  /** One SoundTable whole (the rows' floats): what a SoundTable view shows. */
  getSoundTable(id: number): Promise<SoundTableDetail>;
  /**
   * Every SoundTable that parsed, as {@link getSoundTable} answers each, ascending by id — one
   * call instead of one per table (for hosts and scripts that want every row's floats; the
   * renderer needs only `listSoundTables`). Answered from the open dat's index (no file reads);
   * tables that did not parse are left out (their `SoundTableInfo.error` says why).
   */
  listSoundTableDetails(): Promise<SoundTableDetail[]>;
  /** Every SoundTable row naming Wave `id` (core/index references); the renderer derives the same from `listSoundTables`. */
  getWaveUsage(id: number): Promise<WaveUsage[]>;
  /** The Wave object's bytes exactly as stored (decompressed): decode them with core. */
  getWaveBytes(id: number): Promise<Uint8Array>;
  exportWaves(request: ExportRequest): Promise<ExportResult>;
  /**
   * Cancels every running {@link exportWaves}: each stops before its next file (a file being
   * written is finished or not written at all, never partial) and resolves with `cancelled: true`,
   * the ids never attempted in `notAttempted`. Resolves once they have stopped; a no-op when no
   * export is running.
   */
  cancelExport(): Promise<void>;
  /** A sensible default export folder for this host. */
  defaultExportDir(): Promise<string>;
  /**
   * A folder's sub-folders and, with `show` 'dat', its `.dat` files (any case), for the browser
   * host's file and folder picker. `path` as users type it (~, quotes, file:// URLs; relative to
   * the home folder), null = the home folder. Only the loopback browser host answers it: a host
   * on another interface refuses (RequestError ENOTLOOPBACK, HTTP 403), and the desktop app uses
   * its native dialogs (PathNotGrantedError).
   * @throws IoError (ENOENT, EACCES, ENOTDIR…) naming the folder
   */
  listDirectory(path: string | null, show: DirectoryShow): Promise<DirectoryListing>;
  /** The open dat's Waves and SoundTables counted (formats, rates, header sizes, row values…). */
  getCensus(): Promise<Census>;
  /**
   * The sound graph (issue #7, docs/sound-graph.md) is built in the background on first need,
   * never at open: this starts the build when `idle` (or `cancelled`/`failed`) and answers at
   * once. Poll {@link getGraphStatus} for progress. One build per dat file, shared by sessions.
   */
  startGraph(): Promise<GraphStatus>;
  /** Where the graph build is: state, objects done of total, errors so far. */
  getGraphStatus(): Promise<GraphStatus>;
  /** Stops a running graph build (state `cancelled`; the next graph call starts again). No-op otherwise. */
  cancelGraph(): Promise<void>;
  /**
   * The whole graph as data (waits for the build; starts it if needed). In process the answer is
   * shared by every caller on the file ({@link Shared}) and frozen (changing it throws a TypeError).
   */
  getSoundGraph(): Promise<Shared<SoundGraphData>>;
  /** Every reference to an object (Wave, SoundTable, Animation, PhysicsScript…), sorted by `from`. Waits for the graph. */
  getReferences(id: number): Promise<ObjectReference[]>;
  /** "Used by" counts of every object named at least once, ascending by id. Waits for the graph. */
  getUsedByCounts(): Promise<UsedByCount[]>;
  /** Setups with a SoundTable or sound hooks, ascending by id. Waits for the graph. */
  listCreatures(): Promise<CreatureInfo[]>;
  /** PhysicsScripts with sound hooks, ascending by id. Waits for the graph. */
  listEffects(): Promise<EffectInfo[]>;
  /** A creature (Setup): its tables and the motions that make sounds. @throws IdRangeError, NotFoundError */
  getCreature(id: number): Promise<CreatureDetail>;
  /** A motion's sound events in time, each decided by the engine. @throws IdRangeError, NotFoundError */
  getTimeline(request: TimelineRequest): Promise<Timeline>;
  /** The open dat's Region for soundscapes (terrain types, scene types, ambient sets and their SoundTables), or null when the dat has no Region. */
  getSoundscape(): Promise<SoundscapeInfo | null>;
  /**
   * Runs the ambient scheduler for `request.seconds` and writes the mix as heard (stereo 16-bit
   * 22050 Hz WAV, scaled down only if it would clip) and a JSON sidecar of the settings and the
   * event list, both atomically, together, never over an existing file unless `force`.
   * @throws NotFoundError when the dat has no Region; SettingsError for a bad setting; ExportError for the folder or a write
   */
  exportSoundscape(request: SoundscapeExportRequest): Promise<SoundscapeExportResult>;
}

/**
 * The contract as a caller over a wire bridge sees it (the renderer, through IPC or HTTP): every
 * result is that caller's own copy, so its lists and graph are plain {@link WaveInfo},
 * {@link SoundTableInfo} and {@link SoundGraphData}, not the service's {@link Shared} ones.
 */
export type WireServiceMethods = Omit<SoundServiceMethods, 'listWaves' | 'listSoundTables' | 'getSoundGraph'> & {
  listWaves(): Promise<WaveInfo[]>;
  listSoundTables(): Promise<SoundTableInfo[]>;
  getSoundGraph(): Promise<SoundGraphData>;
};

export type SoundServiceMethod = keyof SoundServiceMethods;

/**
 * The method names, for transports that need a runtime list (both bridges, IPC, the HTTP host and
 * its argument checks are generated from it). `satisfies` rejects a name that is no method;
 * core/contract.test.ts checks with `expectTypeOf` that it names every method, and that names are unique.
 */
export const SOUND_SERVICE_METHODS = [
  'openDat',
  'getSummary',
  'listWaves',
  'listSoundTables',
  'getSoundTable',
  'listSoundTableDetails',
  'getWaveUsage',
  'getWaveBytes',
  'exportWaves',
  'cancelExport',
  'defaultExportDir',
  'listDirectory',
  'getCensus',
  'startGraph',
  'getGraphStatus',
  'cancelGraph',
  'getSoundGraph',
  'getReferences',
  'getUsedByCounts',
  'listCreatures',
  'listEffects',
  'getCreature',
  'getTimeline',
  'getSoundscape',
  'exportSoundscape',
] as const satisfies readonly SoundServiceMethod[];

/** Events pushed from the service to the UI. */
export interface SoundServiceEvents {
  exportProgress: ExportProgress;
}

/** Host-only capabilities the renderer may use when available (Electron dialogs). */
export interface HostCapabilities {
  kind: 'electron' | 'browser';
  /** Electron: native folder chooser. Browser host: undefined (a path field is shown). */
  chooseFolder?: () => Promise<string | null>;
  chooseDat?: () => Promise<string | null>;
}
