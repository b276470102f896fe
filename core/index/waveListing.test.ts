import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { CountingByteSource, DatFile, WAVE_RANGE, readChain, writeDat } from '../dat';
import { WAVE_FORMAT_MPEGLAYER3, encodeWaveFormat, parseWave, parseWaveHeader, waveFacts } from '../objects';
import { pcmFormat, waveRecord } from '../test/waveFixtures';
import { demoDatPath } from '../../node/paths';
import { FX, fixtureDat } from '../../node/test/fixtures';
import { WAVE_PROBE_BYTES, dataSizeText, listedCbSize, waveDataSize, waveInfoOf, waveListingOf } from './waveListing';

const dats: [string, () => Uint8Array][] = [
  ['demo dat', () => new Uint8Array(readFileSync(demoDatPath()))],
  ['fixture dat', fixtureDat],
];

describe.each(dats)('header-only Wave facts on the %s (core parseWaveHeader, pitfalls #11)', (_name, bytes) => {
  it('parseWaveHeader(first chain bytes, entry size) equals parseWave + waveFacts of the whole record', async () => {
    const dat = await DatFile.open(new MemoryByteSource(bytes()));
    let headerOnly = 0;
    for (const entry of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
      let full;
      try {
        full = parseWave(await dat.readEntry(entry));
      } catch {
        continue; // a broken Wave: its listing error is tested in SoundService.test.ts
      }
      if (entry.compressed || entry.size <= WAVE_PROBE_BYTES) continue;
      const head = await readChain(dat.source, dat.geometry, entry.offset, WAVE_PROBE_BYTES, 'test', {
        checkFinalLink: false,
      });
      const h = parseWaveHeader(head, entry.size);
      expect([h.id, h.headerSize, h.declaredDataSize, h.format, h.dataLength]).toEqual([
        full.id,
        full.headerSize,
        full.declaredDataSize,
        full.format,
        full.data.length,
      ]);
      if (full.format.wFormatTag === WAVE_FORMAT_MPEGLAYER3) {
        expect(h.summary).toBeNull();
        continue;
      }
      expect(h.summary).not.toBeNull();
      expect(h.summary!.facts).toEqual(waveFacts(full));
      expect(h.summary!.warnings).toEqual(full.warnings);
      headerOnly++;
    }
    expect(headerOnly).toBeGreaterThanOrEqual(4);
  });

  it('waveListingOf gives the full-parse facts and reads only one probe for a PCM Wave', async () => {
    const counting = new CountingByteSource(new MemoryByteSource(bytes()));
    const dat = await DatFile.open(counting);
    for (const entry of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
      let full;
      try {
        full = parseWave(await dat.readEntry(entry));
      } catch {
        await expect(waveListingOf(dat, entry)).rejects.toMatchObject({ name: 'ObjectFormatError' });
        continue;
      }
      counting.reset();
      const listing = await waveListingOf(dat, entry);
      expect(listing.facts).toEqual(waveFacts(full));
      expect(listing.warnings).toEqual(full.warnings);
      if (!entry.compressed && entry.size > WAVE_PROBE_BYTES && full.format.wFormatTag !== WAVE_FORMAT_MPEGLAYER3) {
        expect(counting.reads).toBe(1); // one read: the probe and its block's link word
        expect(counting.bytesRead).toBeLessThanOrEqual(WAVE_PROBE_BYTES + 4);
      }
      // the row carries the header's cbSize: the Wave view labels a header whose data does not read
      expect(listedCbSize(await waveInfoOf(dat, entry))).toBe(full.format.cbSize);
    }
  });
});

it('the fixture dat has a long fragmented PCM Wave listed from one probe', async () => {
  const counting = new CountingByteSource(new MemoryByteSource(fixtureDat()));
  const dat = await DatFile.open(counting);
  const entry = (await dat.find(FX.long))!;
  counting.reset();
  const listing = await waveListingOf(dat, entry);
  expect(listing.facts.frames).toBe(30000);
  expect(counting.reads).toBe(1);
});

describe('a salvaged Wave (declared D beyond its record, pitfalls #8): bytes present, declared beside', () => {
  const id = 0x0a000042;
  const record = waveRecord(id, encodeWaveFormat(pcmFormat(1, 11025, 8)), new Uint8Array(495).fill(0x80), 700);

  it.each([
    ['uncompressed (listed from the probe)', false],
    ['compressed (listed from a full parse)', true],
  ])('waveInfoOf, %s: dataSize is D (700), dataBytes the 495 bytes present', async (_name, compress) => {
    const dat = await DatFile.open(new MemoryByteSource(writeDat([{ id, data: record, compress }])));
    const info = await waveInfoOf(dat, (await dat.find(id))!);
    expect([info.dataSize, info.dataBytes, info.frames]).toEqual([700, 495, 495]);
    expect(waveDataSize(info)).toEqual({ present: 495, declared: 700 });
    expect(dataSizeText(info, (n) => `${n} B`)).toBe('495 B (declared 700 B)');
  });

  it('a whole Wave shows its size alone', () => {
    expect(waveDataSize({ dataSize: 100, dataBytes: 100 })).toEqual({ present: 100, declared: null });
    expect(dataSizeText({ dataSize: 100, dataBytes: 100 })).toBe('100');
  });
});
