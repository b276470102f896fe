import { describe, expect, it } from 'vitest';
import { DatFormatError, DecodeError, ObjectFormatError } from '../../../core/errors';
import { HOST_UNREACHABLE, rebuildError } from '../../../core/errors';
import {
  classifyWaveError,
  listingProblem,
  offersRawExport,
  problemText,
  rowProblem,
  WaveLoadError,
} from './waveProblem';
import type { WaveInfo } from '../../../core/contract';

describe('wave problems', () => {
  it('a broken dat chain is "Corrupt dat", never a decode failure, and offers no export', () => {
    // As it arrives over IPC/HTTP: a plain Error whose name is the service's.
    const wire = rebuildError({
      name: 'DatFormatError',
      message: 'block chain of 0x0A000012 ends early: link 0 with 100 of 1100 bytes still to read at offset 0x00001400',
    });
    const p = classifyWaveError(wire, 'read');
    expect(p.kind).toBe('corrupt-dat');
    expect(problemText(p)).toBe(
      'Corrupt dat: block chain of 0x0A000012 ends early: link 0 with 100 of 1100 bytes still to read at offset 0x00001400',
    );
    expect(offersRawExport(p)).toBe(false);
    // The name wins over the stage.
    expect(classifyWaveError(new DatFormatError('block chain of 0x0A000012', 0x1400, 'loops'), 'decode').kind).toBe(
      'corrupt-dat',
    );
  });
  it('other read failures say "Cannot read"', () => {
    const p = classifyWaveError(rebuildError({ name: 'IoError', message: 'EIO reading the dat' }), 'read');
    expect(problemText(p)).toBe('Cannot read: EIO reading the dat');
    expect(offersRawExport(p)).toBe(false);
  });
  it('a stopped browser host is "Host not answering" with how to restart it, never "Cannot read" (issue #10 defect 7)', () => {
    const p = classifyWaveError(
      rebuildError({
        name: 'TransportError',
        message: 'getWaveBytes: the browser host did not answer (Failed to fetch)',
        code: HOST_UNREACHABLE,
      }),
      'read',
    );
    expect(p.kind).toBe('host');
    expect(problemText(p)).toMatch(/^The browser host is not answering: .*npm run serve.*reload/);
    expect(problemText(p)).not.toMatch(/Cannot read|getWaveBytes|TransportError/);
    expect(JSON.parse(p.report!)).toMatchObject({ name: 'TransportError', code: HOST_UNREACHABLE });
  });
  it('a Wave object that does not parse is "Corrupt Wave"', () => {
    const p = classifyWaveError(new ObjectFormatError(0x0a000001, 4, 'negative header size -1'), 'parse');
    expect(p.kind).toBe('corrupt-wave');
    expect(problemText(p)).toMatch(/^Corrupt Wave: negative header size/);
    expect(offersRawExport(p)).toBe(false);
  });
  it('a decode failure is "Cannot decode" with the raw export offered', () => {
    const p = classifyWaveError(new DecodeError(0x0a000005, 'unsupported format 0x0002'), 'decode', 2);
    expect(p).toMatchObject({ kind: 'decode', name: 'DecodeError', formatTag: 2 });
    expect(problemText(p)).toBe('Cannot decode: unsupported format 0x0002'); // shown where the id is: once
    expect(problemText(classifyWaveError(new DecodeError(0x0a000053, 'PCM wave has 0 channels'), 'decode', 1))).toBe(
      'Cannot decode: PCM wave has 0 channels',
    );
    expect(offersRawExport(p)).toBe(true);
  });
  it('classifies listing errors (WaveInfo.error, the wire shape) by their name', () => {
    expect(
      listingProblem({
        name: 'ObjectFormatError',
        message: '0x0A000001: format block of 4 bytes is shorter than the 16-byte WAVEFORMAT at object offset 12',
      }).kind,
    ).toBe('corrupt-wave');
    expect(
      listingProblem({ name: 'DatFormatError', message: 'block chain of 0x0A000001 loops at offset 0x00001000' }).kind,
    ).toBe('corrupt-dat');
  });
  it('never reads the message: the name and details decide', () => {
    // a message that looks like an object error, under a dat error's name
    const p = listingProblem({
      name: 'DatFormatError',
      message: 'x at object offset 12',
      details: { objectId: null, offset: 0x1000, structure: 'block chain of 0x0A000001' },
    });
    expect(p).toMatchObject({
      kind: 'corrupt-dat',
      details: { offset: 0x1000, structure: 'block chain of 0x0A000001' },
    });
    expect(listingProblem({ name: 'IoError', message: 'at object offset 3', code: 'EIO' }).kind).toBe('read');
  });
  it('WaveLoadError keeps the cause’s name and message (without the Wave id its context names)', () => {
    const e = new WaveLoadError(1, classifyWaveError(new DecodeError(1, 'bad'), 'decode', 0x55));
    expect(e.name).toBe('DecodeError');
    expect(e.message).toBe('bad');
    expect(e.formatTag).toBe(0x55);
  });
});

describe('rowProblem: what the Wave list alone knows against a Wave (the row badge, the Wave view, Play)', () => {
  const row = (over: Partial<WaveInfo>): WaveInfo => ({
    id: 0x0a000042,
    formatTag: 1,
    channels: 1,
    sampleRate: 22_050,
    bitsPerSample: 16,
    blockAlign: 2,
    avgBytesPerSec: 44_100,
    headerSize: 18,
    dataSize: 200,
    dataBytes: 200,
    frames: 100,
    durationSec: 100 / 22_050,
    compressed: false,
    warnings: [],
    error: null,
    ...over,
  });
  it('a rate the one playability rule refuses is "Cannot decode" with its reason and Copy details; the raw bytes can be exported', () => {
    const p = rowProblem(row({ sampleRate: 4_000_000_000 }))!;
    expect(problemText(p)).toBe('Cannot decode: sample rate 4000000000 Hz is outside 100..384000 Hz');
    expect(p.report).toMatch(/DecodeError/);
    expect(offersRawExport(p)).toBe(true);
  });
  it('a listing error wins; a playable Wave has none', () => {
    expect(rowProblem(row({ error: { name: 'ObjectFormatError', message: 'bad H' }, sampleRate: 0 }))!.kind).toBe(
      'corrupt-wave',
    );
    expect(rowProblem(row({}))).toBeNull();
  });
});
