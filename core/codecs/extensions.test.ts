import { describe, expect, it } from 'vitest';
import { encodeToken, getToken, struct } from '../binary/token';
import { ImaAdpcmExtensionToken } from './imaadpcm/extension';
import { Mp3ExtensionToken } from './mp3/extension';
import {
  MS_ADPCM_STANDARD_COEFFICIENTS,
  MsAdpcmCoefToken,
  MsAdpcmExtensionHeadToken,
  readMsAdpcmExtension,
  writeMsAdpcmExtension,
} from './msadpcm/extension';

describe('codec extension tokens (docs/formats/codecs.md)', () => {
  it('MPEGLAYER3WAVEFORMAT: 12 bytes, round-trips', () => {
    const v = { wID: 1, fdwFlags: 2, nBlockSize: 104, nFramesPerBlock: 1, nCodecDelay: 1393 };
    expect(Mp3ExtensionToken.len).toBe(12);
    expect(getToken(Mp3ExtensionToken, encodeToken(Mp3ExtensionToken, v))).toEqual(v);
  });
  it('MPEGLAYER3WAVEFORMAT: the token reads what the generic struct reads, fields in its order', () => {
    const generic = struct(Mp3ExtensionToken.fields);
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => (i * 37 + 11) & 0xff);
    for (const at of [0, 3, 8]) {
      const got = getToken(Mp3ExtensionToken, bytes, at);
      expect(got).toEqual(getToken(generic, bytes, at));
      expect(Object.keys(got)).toEqual(Object.keys(Mp3ExtensionToken.fields));
    }
  });
  it('IMAADPCMWAVEFORMAT: wSamplesPerBlock, 2 bytes, round-trips', () => {
    expect(ImaAdpcmExtensionToken.len).toBe(2);
    expect(getToken(ImaAdpcmExtensionToken, encodeToken(ImaAdpcmExtensionToken, { wSamplesPerBlock: 1017 }))).toEqual({
      wSamplesPerBlock: 1017,
    });
  });
  it('ADPCMWAVEFORMAT head and coefficient pair round-trip', () => {
    expect(
      getToken(
        MsAdpcmExtensionHeadToken,
        encodeToken(MsAdpcmExtensionHeadToken, { wSamplesPerBlock: 500, wNumCoef: 7 }),
      ),
    ).toEqual({
      wSamplesPerBlock: 500,
      wNumCoef: 7,
    });
    expect(getToken(MsAdpcmCoefToken, encodeToken(MsAdpcmCoefToken, { iCoef1: 392, iCoef2: -232 }))).toEqual({
      iCoef1: 392,
      iCoef2: -232,
    });
  });
  it('the standard table is 32 extension bytes (cbSize 32) and reads back', () => {
    const e = { wSamplesPerBlock: 500, coefficients: [...MS_ADPCM_STANDARD_COEFFICIENTS] };
    const bytes = writeMsAdpcmExtension(e);
    expect(bytes.length).toBe(32);
    expect(readMsAdpcmExtension(bytes)).toEqual(e);
  });
  it('an extension shorter than its wNumCoef pairs reads as null', () => {
    const bytes = writeMsAdpcmExtension({ wSamplesPerBlock: 500, coefficients: [...MS_ADPCM_STANDARD_COEFFICIENTS] });
    expect(readMsAdpcmExtension(bytes.subarray(0, 30))).toBeNull();
    expect(readMsAdpcmExtension(bytes.subarray(0, 3))).toBeNull();
  });
});
