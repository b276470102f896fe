/**
 * The census of a dat (peers-and-ux "Features none of them has" #8; retail-engine §7 item 6):
 * its Waves counted by format tag, sample rate, channels, bits and header size, and its
 * SoundTables' rows counted by the values the retail engine depends on (variants, priority,
 * probability, volume, Wave references). Pure: computed from what the service lists, so the
 * service, the CLI and tests share it.
 */
import type {
  Census,
  CensusBucket,
  CensusValue,
  SoundTableCensus,
  SoundTableDetail,
  WaveCensus,
  Shared,
  WaveInfo,
} from './contract';
import { unreachableInRetail } from './engine/variant';
import { lengthKnown } from './index/waveListing';

/**
 * Buckets of `waves` by `key`, ascending by value. A bucket's duration sums the Waves whose length
 * can be known (core/index `lengthKnown`); it is null when none can (e.g. the 0 Hz bucket), shown
 * as unknown, never as 0.
 */
function buckets(waves: readonly Shared<WaveInfo>[], key: (w: Shared<WaveInfo>) => number): CensusBucket[] {
  const map = new Map<number, CensusBucket>();
  for (const w of waves) {
    const value = key(w);
    const b = map.get(value) ?? { value, waves: 0, durationSec: null, bytes: 0 };
    b.waves += 1;
    if (lengthKnown(w)) b.durationSec = (b.durationSec ?? 0) + w.durationSec;
    b.bytes += w.dataBytes; // bytes present (core/index waveDataSize), not a salvaged Wave's D
    map.set(value, b);
  }
  return [...map.values()].sort((a, b) => a.value - b.value);
}

/** Counts of `values`, ascending by value. */
function valueCounts(values: readonly number[]): CensusValue[] {
  const map = new Map<number, number>();
  for (const v of values) map.set(v, (map.get(v) ?? 0) + 1);
  return [...map].map(([value, rows]) => ({ value, rows })).sort((a, b) => a.value - b.value);
}

/**
 * Counts the Waves and SoundTables of a dat.
 * @param waves every Wave as listed (`listWaves`), including those that did not parse (`error`)
 * @param tables every SoundTable that parsed (`getSoundTable`)
 * @param unreadableTables how many SoundTables were listed but did not parse
 */
export function computeCensus(
  waves: readonly Shared<WaveInfo>[],
  tables: readonly SoundTableDetail[],
  unreadableTables = 0,
): Census {
  const waveIds = new Set(waves.map((w) => w.id >>> 0));
  const usedIds = new Set<number>();

  // ---- SoundTables
  const perTable = new Map<number, number>();
  const bySoundType = new Map<number, { soundType: number; name: string; tables: number; rows: number }>();
  const priorities: number[] = [];
  const probabilities: number[] = [];
  const volumes: number[] = [];
  const missing = new Set<number>();
  const st: Omit<
    SoundTableCensus,
    'soundTypesPerTable' | 'bySoundType' | 'missingWaveIds' | 'byPriority' | 'byProbability' | 'byVolume'
  > = {
    count: tables.length,
    withErrors: unreadableTables,
    soundTypes: 0,
    rows: 0,
    rootRows: 0,
    multiVariantSoundTypes: 0,
    multiVariantRows: 0,
    unreachableInRetail: 0,
    probabilityBelow1: 0,
    volumeNot1: 0,
    priorityNot0: 0,
    waveIdZero: 0,
    missingWave: 0,
  };
  for (const t of tables) {
    perTable.set(t.sounds.length, (perTable.get(t.sounds.length) ?? 0) + 1);
    st.soundTypes += t.sounds.length;
    st.rootRows += t.rootEntries.length;
    const seen = new Set<number>();
    for (const s of t.sounds) {
      const n = s.entries.length;
      const cue = bySoundType.get(s.soundType) ?? { soundType: s.soundType, name: s.name, tables: 0, rows: 0 };
      if (!seen.has(s.soundType)) cue.tables += 1;
      seen.add(s.soundType);
      cue.rows += n;
      bySoundType.set(s.soundType, cue);
      st.rows += n;
      if (n >= 2) {
        st.multiVariantSoundTypes += 1;
        st.multiVariantRows += n;
      }
      for (let i = 0; i < n; i++) {
        const e = s.entries[i]!;
        if (unreachableInRetail(n, i)) st.unreachableInRetail += 1;
        priorities.push(e.priority);
        probabilities.push(e.probability);
        volumes.push(e.volume);
        if (e.probability < 1) st.probabilityBelow1 += 1;
        if (e.volume !== 1) st.volumeNot1 += 1;
        if (e.priority !== 0) st.priorityNot0 += 1;
        const id = e.waveId >>> 0;
        if (id === 0) st.waveIdZero += 1;
        else if (!waveIds.has(id)) {
          st.missingWave += 1;
          missing.add(id);
        }
        usedIds.add(id);
      }
    }
    for (const e of t.rootEntries) usedIds.add(e.waveId >>> 0);
  }
  const soundTables: SoundTableCensus = {
    ...st,
    soundTypesPerTable: [...perTable].map(([value, n]) => ({ value, tables: n })).sort((a, b) => a.value - b.value),
    bySoundType: [...bySoundType.values()].sort((a, b) => a.soundType - b.soundType),
    missingWaveIds: [...missing].sort((a, b) => a - b),
    byPriority: valueCounts(priorities),
    byProbability: valueCounts(probabilities),
    byVolume: valueCounts(volumes),
  };

  // ---- Waves
  const parsed = waves.filter((w) => w.error === null);
  const ids = (list: readonly Shared<WaveInfo>[]): number[] => list.map((w) => w.id >>> 0).sort((a, b) => a - b);
  const warned = parsed.filter((w) => w.warnings.length > 0);
  const broken = waves.filter((w) => w.error !== null);
  const unused = waves.filter((w) => !usedIds.has(w.id >>> 0));
  const wavesCensus: WaveCensus = {
    count: waves.length,
    byFormatTag: buckets(parsed, (w) => w.formatTag),
    bySampleRate: buckets(parsed, (w) => w.sampleRate),
    byChannels: buckets(parsed, (w) => w.channels),
    byBitsPerSample: buckets(parsed, (w) => w.bitsPerSample),
    byHeaderSize: buckets(parsed, (w) => w.headerSize),
    headerSize18: parsed.filter((w) => w.headerSize === 18).length,
    headerSize30: parsed.filter((w) => w.headerSize === 30).length,
    headerSizeOther: parsed.filter((w) => w.headerSize !== 18 && w.headerSize !== 30).length,
    compressed: waves.filter((w) => w.compressed).length,
    withWarnings: warned.length,
    withErrors: broken.length,
    totalDurationSec: parsed.some(lengthKnown)
      ? parsed.reduce((s, w) => s + (lengthKnown(w) ? w.durationSec : 0), 0)
      : null,
    totalBytes: parsed.reduce((s, w) => s + w.dataBytes, 0),
    unused: unused.length,
    warningIds: ids(warned),
    errorIds: ids(broken),
    unusedIds: ids(unused),
  };
  return { waves: wavesCensus, soundTables };
}
