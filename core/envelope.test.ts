import { describe, expect, it } from 'vitest';
import { isEnvelope, toEnvelope, unwrapEnvelope } from './envelope';
import { DatFormatError, describeError, errorToData, ObjectFormatError, rebuildError } from './errors';

describe('envelope and the wire shape of errors', () => {
  it('recognises envelopes', () => {
    expect(isEnvelope({ ok: true, result: 1 })).toBe(true);
    expect(isEnvelope({ ok: false, error: { name: 'X', message: 'y' } })).toBe(true);
    expect(isEnvelope({ ok: false })).toBe(false);
    expect(isEnvelope({ id: 1 })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
  it('unwraps an error envelope into an Error with the original name and code', () => {
    try {
      unwrapEnvelope({
        ok: false,
        error: {
          name: 'DatFormatError',
          message: 'block chain of 0x0A000012 loops at offset 0x0001F400',
          code: 'EBAD',
        },
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).name).toBe('DatFormatError');
      expect((e as Error).message).toContain('loops at offset');
      expect((e as Error & { code?: string }).code).toBe('EBAD');
    }
  });
  it('describes errors with their name', () => {
    const e = new Error('bad');
    e.name = 'DecodeError';
    expect(describeError(e)).toBe('DecodeError: bad');
    expect(describeError(new Error('plain'))).toBe('plain');
  });

  it('keeps details (objectId, offset, structure) through errorToData → JSON → rebuildError', () => {
    const wire = JSON.parse(
      JSON.stringify(errorToData(new ObjectFormatError(0x0a000004, 16, 'format block size H = 5 is below 16', 'Wave'))),
    ) as unknown;
    expect(wire).toEqual({
      name: 'ObjectFormatError',
      message: '0x0A000004: format block size H = 5 is below 16 at object offset 16',
      details: { objectId: 0x0a000004, offset: 16, structure: 'Wave' },
    });
    const e = rebuildError(wire as Parameters<typeof rebuildError>[0]);
    expect(e).toMatchObject({
      name: 'ObjectFormatError',
      details: { objectId: 0x0a000004, offset: 16, structure: 'Wave' },
    });
    expect(errorToData(e)).toEqual(wire);
  });

  it('sends a name outside ERROR_NAMES as Error, and never throws', async () => {
    expect(errorToData(new TypeError('x is undefined'))).toEqual({ name: 'Error', message: 'x is undefined' });
    expect(rebuildError({ name: 'Bogus' as 'Error', message: 'm' }).name).toBe('Error');
    expect(await toEnvelope(() => Promise.reject(new DatFormatError('header', 0x140, 'bad magic')))).toEqual({
      ok: false,
      error: {
        name: 'DatFormatError',
        message: 'header bad magic at offset 0x00000140',
        details: { objectId: null, offset: 0x140, structure: 'header' },
      },
    });
  });
});
