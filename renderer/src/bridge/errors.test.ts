import { describe, expect, it } from 'vitest';
import { describeError, isEnvelope, rebuildIpcError, unwrapEnvelope } from './errors';

describe('bridge errors', () => {
  it('recognises envelopes', () => {
    expect(isEnvelope({ ok: true, result: 1 })).toBe(true);
    expect(isEnvelope({ ok: false, error: { name: 'X', message: 'y' } })).toBe(true);
    expect(isEnvelope({ ok: false })).toBe(false);
    expect(isEnvelope({ id: 1 })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
  it('unwraps an error envelope into an Error with the original name and code', () => {
    try {
      unwrapEnvelope({ ok: false, error: { name: 'DatFormatError', message: 'block chain of 0x0A000012 loops at offset 0x0001F400', code: 'EBAD' } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).name).toBe('DatFormatError');
      expect((e as Error).message).toContain('loops at offset');
      expect((e as Error & { code?: string }).code).toBe('EBAD');
    }
  });
  it('recovers the name from an ipcRenderer.invoke rejection message', () => {
    const e = rebuildIpcError(new Error("Error invoking remote method 'service:openDat': NotFoundError: object 0x0A000001 is not in the dat"));
    expect(e.name).toBe('NotFoundError');
    expect(e.message).toBe('object 0x0A000001 is not in the dat');
  });
  it('describes errors with their name', () => {
    const e = new Error('bad');
    e.name = 'DecodeError';
    expect(describeError(e)).toBe('DecodeError: bad');
    expect(describeError(new Error('plain'))).toBe('plain');
  });
});
