import { describe, expect, it } from 'vitest';
import {
  DatFormatError,
  errorDataForEntry,
  errorReport,
  errorToData,
  DecodeError,
  HOST_UNREACHABLE,
  IdRangeError,
  messageWithin,
  NotFoundError,
  ObjectFormatError,
  rebuildError,
  UnsupportedDatError,
  userError,
  userMessage,
  withName,
  type ErrorData,
} from './errors';
import { parseWave } from './objects/wave';

describe('userMessage: plain words for people, the class kept for details (issue #10 defect 7)', () => {
  it('never starts with a class name, thrown or as wire data', () => {
    const errors = [
      new UnsupportedDatError("not an Asheron's Call dat: no dat magic 0x5442 at 0x140"),
      new DatFormatError('block chain of 0x0A000012', 0x1f400, 'loops'),
      rebuildError({
        name: 'ExportError',
        message: 'cannot export to "/x": permission denied (EACCES)',
        code: 'EACCES',
      }),
    ];
    for (const e of errors) {
      for (const form of [e, errorToData(e)]) {
        const text = userMessage(form);
        expect(text).not.toMatch(/^[A-Za-z]*Error\b/);
        expect(text).toBe(e.message);
      }
    }
  });

  it('a browser host that does not answer says it stopped and how to start it again, not that bytes are unreadable', () => {
    const e = rebuildError({ name: 'TransportError', message: 'getWaveBytes: fetch failed', code: HOST_UNREACHABLE });
    expect(userMessage(e)).toMatch(/browser host is not answering.*stopped.*npm run serve.*reload/);
    expect(userMessage(e)).not.toMatch(/getWaveBytes|TransportError|read/);
  });

  it('errorReport keeps name, message, code and details; userError pairs both with an optional context', () => {
    const e = new DatFormatError('B-tree node', 0x400, 'has entry count 99');
    const report = JSON.parse(errorReport(e)) as Record<string, unknown>;
    expect(report).toMatchObject({
      name: 'DatFormatError',
      message: e.message,
      details: { offset: 0x400, structure: 'B-tree node' },
      text: `DatFormatError: ${e.message}`,
    });
    const u = userError(new NotFoundError(0x0a000099, 'Wave'), 'Could not play');
    expect(u.text).toBe('Could not play: Wave 0x0A000099 is not in the dat');
    expect(JSON.parse(u.report!)).toMatchObject({ name: 'NotFoundError' });
    expect(u).not.toHaveProperty('kind');
  });

  it("userError carries the error's kind, thrown or rebuilt from the wire, for a specific message", () => {
    const wire: ErrorData = {
      name: 'IoError',
      message: 'cannot open "/x": is a directory (EISDIR)',
      kind: 'not-a-dat-file',
    };
    expect(userError(rebuildError(wire)).kind).toBe('not-a-dat-file');
    expect(userError(wire).kind).toBe('not-a-dat-file');
    // an unknown kind is no kind
    expect(userError(rebuildError({ ...wire, kind: 'bogus' } as unknown as ErrorData))).not.toHaveProperty('kind');
  });
});

describe('messageWithin: a message shown where its id is already named says the id once (issue #10)', () => {
  it('drops the leading id of the context, for every typed error about an object', () => {
    expect(messageWithin(new DecodeError(0x0a000053, 'PCM wave has 0 channels'), 0x0a000053)).toBe(
      'PCM wave has 0 channels',
    );
    const range = new IdRangeError(0x0a999999, 'Wave', { min: 0x0a000000, max: 0x0a00ffff });
    expect(range.details).toEqual({ objectId: 0x0a999999, offset: null, structure: 'Wave' });
    expect(messageWithin(range, 0x0a999999)).toBe('not a Wave id (Waves are 0x0A000000–0x0A00FFFF)');
    // on its own (no context) the message still names the id, once
    expect(userMessage(range)).toBe('0x0A999999: not a Wave id (Waves are 0x0A000000–0x0A00FFFF)');
    expect(messageWithin(errorToData(range), 0x0a999999)).not.toContain('0x0A999999');
  });
  it('another leading id (an embedded one) becomes a trailing detail; other messages are kept', () => {
    expect(messageWithin(new Error('0x0A0000EF: truncated'), 0x0a000040)).toBe(
      "truncated (the object's bytes give id 0x0A0000EF)",
    );
    expect(messageWithin(new Error('permission denied (EACCES)'), 0x0a000040)).toBe('permission denied (EACCES)');
  });
});

describe('withName: a value and its name, each once', () => {
  it('names that add words are in parentheses; a name equal to the value or none is left out', () => {
    expect(withName('0x0055', 'MP3')).toBe('0x0055 (MP3)');
    expect(withName('PCM', '0x0001')).toBe('PCM (0x0001)');
    expect(withName('0x1234', '0x1234')).toBe('0x1234');
    expect(withName('0', null)).toBe('0');
    expect(withName('3', '')).toBe('3');
  });
});

describe('an object too short to hold its id (fewer than 4 bytes) claims no id', () => {
  const threeBytes = (): unknown => {
    try {
      parseWave(new Uint8Array([1, 2, 3]));
    } catch (e) {
      return e;
    }
    throw new Error('parsed');
  };
  it('the parser names no id; the entry gives it, and no "bytes give id" note is added', () => {
    const e = threeBytes();
    expect(userMessage(e)).toBe('truncated object id: needs 4 bytes, 3 remain at object offset 0');
    const d = errorDataForEntry(e, 0x0a000005);
    expect(d.message).toBe('0x0A000005: truncated object id: needs 4 bytes, 3 remain at object offset 0');
    expect(d.details?.objectId).toBe(0x0a000005);
    expect(messageWithin(d, 0x0a000005)).toBe('truncated object id: needs 4 bytes, 3 remain at object offset 0');
  });
  it('an id the bytes do give is said one way in the listing and in export', () => {
    const other = new ObjectFormatError(0x0a0000ef, 4, 'format size H = 5 is too small');
    expect(errorDataForEntry(other, 0x0a000040).message).toMatch(/\(the object's bytes give id 0x0A0000EF\)$/);
    expect(messageWithin(other, 0x0a000040)).toMatch(/\(the object's bytes give id 0x0A0000EF\)$/);
  });
});
