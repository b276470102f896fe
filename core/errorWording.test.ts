import { describe, expect, it } from 'vitest';
import {
  DatFormatError,
  errorReport,
  errorToData,
  HOST_UNREACHABLE,
  NotFoundError,
  rebuildError,
  UnsupportedDatError,
  userError,
  userMessage,
} from './errors';

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
  });
});
