import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  SOUND_SERVICE_METHODS,
  type EncoderName,
  type ExportFormat,
  type ExportRequest,
  type SoundServiceMethod,
} from './contract';
import { ERROR_NAMES } from './errors';
import { CLI_EXPORT_FORMATS, DEFAULT_ENCODER, DEFAULT_EXPORT_FORMAT, ENCODERS, EXPORT_FORMATS } from './export';

function duplicates(names: readonly string[]): string[] {
  return names.filter((n, i) => names.indexOf(n) !== i);
}

describe('the contract', () => {
  it('its method list names exactly the methods of SoundServiceMethods (type test)', () => {
    expectTypeOf<(typeof SOUND_SERVICE_METHODS)[number]>().toEqualTypeOf<SoundServiceMethod>();
  });

  it('its export format and encoder types are the core/export tables (type test)', () => {
    expectTypeOf<ExportFormat>().toEqualTypeOf<(typeof EXPORT_FORMATS)[number]['format']>();
    expectTypeOf<ExportFormat>().toEqualTypeOf<'decoded' | 'original' | 'as-heard'>();
    expectTypeOf<EncoderName>().toEqualTypeOf<(typeof ENCODERS)[number]['name']>();
    expectTypeOf<ExportRequest['encoder']>().toEqualTypeOf<EncoderName | undefined>();
  });

  it('names are unique: service methods, error names, export formats and their labels, encoders and their extensions', () => {
    expect(duplicates(SOUND_SERVICE_METHODS)).toEqual([]);
    expect(duplicates(ERROR_NAMES)).toEqual([]);
    expect(duplicates(EXPORT_FORMATS.map((f) => f.format))).toEqual([]);
    expect(duplicates(EXPORT_FORMATS.map((f) => f.label))).toEqual([]);
    expect(duplicates(ENCODERS.map((e) => e.name))).toEqual([]);
    expect(duplicates(ENCODERS.map((e) => e.extension))).toEqual([]);
  });

  it('the defaults are in their tables; the CLI offers the formats that need no Listener settings', () => {
    expect(EXPORT_FORMATS.map((f) => f.format)).toContain(DEFAULT_EXPORT_FORMAT);
    expect(ENCODERS.map((e) => e.name)).toContain(DEFAULT_ENCODER);
    expect(CLI_EXPORT_FORMATS).toEqual(['decoded', 'original']);
    for (const f of EXPORT_FORMATS) expect(f.cli === null).toBe(f.needsSettings);
  });
});
