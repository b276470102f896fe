import { describe, expect, it } from 'vitest';
import { encodeToken, getToken } from '../binary/token';
import { ChunkHeaderToken, FactToken, RiffHeaderToken, buildRiffWave } from './riff';

describe('RIFF tokens (docs/formats/wave.md §4)', () => {
  it('RIFF header: "RIFF", size, "WAVE" round-trips', () => {
    const v = { id: 'RIFF', size: 36, form: 'WAVE' };
    expect(RiffHeaderToken.len).toBe(12);
    expect(getToken(RiffHeaderToken, encodeToken(RiffHeaderToken, v))).toEqual(v);
  });
  it('chunk header and fact body round-trip', () => {
    expect(getToken(ChunkHeaderToken, encodeToken(ChunkHeaderToken, { id: 'fmt ', size: 50 }))).toEqual({
      id: 'fmt ',
      size: 50,
    });
    expect(getToken(FactToken, encodeToken(FactToken, { dwSampleLength: 44100 }))).toEqual({ dwSampleLength: 44100 });
  });
  it('buildRiffWave writes the headers with the tokens (odd chunk padded)', () => {
    const b = buildRiffWave([{ id: 'data', body: new Uint8Array([1, 2, 3]) }]);
    expect(getToken(RiffHeaderToken, b)).toEqual({ id: 'RIFF', size: b.length - 8, form: 'WAVE' });
    expect(getToken(ChunkHeaderToken, b, 12)).toEqual({ id: 'data', size: 3 });
    expect(b.length).toBe(12 + 8 + 4);
  });
});
