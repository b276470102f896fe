import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type EngineSettings } from './engine/types';
import {
  asHeardFileName,
  asHeardStem,
  batchStems,
  DEFAULT_NAME_TEMPLATE,
  firstUses,
  idStem,
  namedFile,
  nameLengthProblem,
  nameTemplateProblem,
  parseNameTemplate,
  sidecarPath,
  templateStem,
  unreserveName,
  withoutExtension,
  waveFileName,
  type NameFacts,
} from './exportNames';

const s = (patch: Partial<EngineSettings>, prefs: Partial<EngineSettings['prefs']> = {}): EngineSettings => ({
  ...DEFAULT_SETTINGS,
  ...patch,
  prefs: { ...DEFAULT_SETTINGS.prefs, ...prefs },
});

describe('export names (the one rule for the service, the CLI and the renderer)', () => {
  it('decoded / original: the id stem and the extension', () => {
    expect(idStem(0x0a00012f)).toBe('0A00012F');
    expect(waveFileName(0x0a000001, 'wav')).toBe('0A000001.wav');
    expect(waveFileName(0x0a000001, 'mp3')).toBe('0A000001.mp3');
  });

  it('as heard: id, distance, signed bearing, then only the non-default settings', () => {
    expect(asHeardStem(0x0a000012, s({ distance: 10, bearingDeg: 90 }))).toBe('0A000012_10m_+90deg');
    expect(asHeardFileName(0x0a000012, s({ distance: 10, bearingDeg: 90 }))).toBe('0A000012_10m_+90deg.wav');
    expect(
      asHeardFileName(0x0a00012f, s({ distance: 2.5, bearingDeg: -45, path: 'ambient', volume: 0.5 }, { mono: true })),
    ).toBe('0A00012F_2.5m_-45deg_ambient_vol0.5_mono.wav');
    expect(
      asHeardFileName(
        0x0a00012f,
        s(
          { distance: 64.158, bearingDeg: 64.158, mode: 'authored' },
          { effectVolume: 0.25, ambientVolume: 0.5, interfaceVolume: 0.75 },
        ),
      ),
    ).toBe('0A00012F_64.16m_+64.16deg_authored_fx0.25_amb0.5_ui0.75.wav');
    expect(asHeardFileName(0x0a00012f, s({ distance: 0, bearingDeg: -0.001 }))).toBe('0A00012F_0m_+0deg.wav');
    expect(asHeardFileName(0x0a00012f, s({ distance: 199.999, bearingDeg: 180, path: 'interface-wave' }))).toBe(
      '0A00012F_200m_+180deg_interface-wave.wav',
    );
  });

  it('sidecar: x.wav → x.json, for names and paths', () => {
    expect(sidecarPath('0A000012_10m_+90deg.wav')).toBe('0A000012_10m_+90deg.json');
    expect(sidecarPath('/o/take.WAV')).toBe('/o/take.json');
    expect(sidecarPath('/o/take')).toBe('/o/take.json');
  });

  it('sidecar: any encoder’s extension is replaced, not only .wav', () => {
    expect(sidecarPath('/o/take.flac')).toBe('/o/take.json');
    expect(sidecarPath('0A000012.mp3')).toBe('0A000012.json');
    expect(sidecarPath('/o/take.ogg')).toBe('/o/take.json');
    expect(sidecarPath('C:\\o.d\\take.Opus')).toBe('C:\\o.d\\take.json');
  });

  it('sidecar: a dot in a folder or at the start of the name is no extension; a .json is never its own sidecar', () => {
    expect(sidecarPath('/o.d/take')).toBe('/o.d/take.json');
    expect(sidecarPath('C:\\o.d\\take')).toBe('C:\\o.d\\take.json');
    expect(sidecarPath('/o/.take')).toBe('/o/.take.json');
    expect(sidecarPath('/o/x.json')).toBe('/o/x.json.json');
    expect(sidecarPath('/o/x.JSON')).toBe('/o/x.JSON.json');
  });
});

// Naming templates: one test per rule of docs/export-names.md, named after it.
const WOUND: NameFacts = {
  id: 0x0a000012,
  formatTag: 1,
  sampleRate: 22050,
  channels: 1,
  bitsPerSample: 16,
  use: { table: 0x20000001, cue: 'Wound1', label: 'Human (male)' },
};
const UNUSED: NameFacts = { ...WOUND, id: 0x0a000099, use: null };
const stem = (template: string, f: NameFacts = WOUND): string => templateStem(parseNameTemplate(template), f);

describe('naming templates (docs/export-names.md)', () => {
  it('§1 tokens: {id} {table} are 8 uppercase hex digits, {cue} {label} the first use, {format} {rate} {channels} {bits} the WAVEFORMATEX fields', () => {
    expect(stem('{id} {table} {cue} {label} {format} {rate} {channels} {bits}')).toBe(
      '0A000012 20000001 Wound1 Human (male) PCM 22050 1 16',
    );
    expect(stem('{format}', { ...WOUND, formatTag: 0x55 })).toBe('MP3');
    expect(stem('{format}', { ...WOUND, formatTag: 0x31 })).toBe('0x0031');
  });

  it('§1 the default template is {id}', () => {
    expect(DEFAULT_NAME_TEMPLATE).toBe('{id}');
    expect(stem(DEFAULT_NAME_TEMPLATE)).toBe('0A000012');
  });

  it("§1 first use: the lowest SoundTable id, then the first row in that table's file order", () => {
    const uses = firstUses([
      { id: 0x20000007, label: 'Drudge', sounds: [{ name: 'Speak1', entries: [{ waveId: 0x0a000012 }] }] },
      {
        id: 0x20000001,
        label: null,
        sounds: [
          { name: 'Footstep1', entries: [{ waveId: 0x0a000010 }, { waveId: 0x0a000012 }] },
          { name: 'Wound1', entries: [{ waveId: 0x0a000012 }] },
        ],
      },
    ]);
    expect(uses.get(0x0a000012)).toEqual({ table: 0x20000001, cue: 'Footstep1', label: null });
    expect(uses.get(0x0a000099)).toBeUndefined();
  });

  it('§1 an invalid template is explained: empty, unclosed braces, unknown tokens', () => {
    expect(nameTemplateProblem('{table}/{cue}_{id}')).toBeNull();
    expect(nameTemplateProblem('')).toMatch(/empty/);
    expect(nameTemplateProblem('{id')).toBe('"{" at character 1 is not closed by "}"');
    expect(nameTemplateProblem('id}')).toBe('"}" at character 3 has no "{" before it');
    expect(nameTemplateProblem('x_{ID}')).toMatch(
      /^unknown token \{ID\} at character 3; the tokens are \{id\} \{table\}/,
    );
    expect(() => parseNameTemplate('{nope}')).toThrow(TypeError);
  });

  it('§2 a name too long to make is explained: 255 bytes (UTF-8) a name, 1024 a path', () => {
    expect(nameLengthProblem(`${'x'.repeat(251)}.wav`)).toBeNull();
    expect(nameLengthProblem(`${'x'.repeat(252)}.wav`)).toMatch(/is 256 bytes long; .* at most 255 bytes/);
    expect(nameLengthProblem(`${'é'.repeat(126)}.wav`)).toMatch(/is 256 bytes long/);
    expect(nameLengthProblem(Array.from({ length: 5 }, () => 'd'.repeat(250)).join('/'))).toMatch(
      /path .* is 1254 bytes long; .* at most 1024 bytes/,
    );
    expect(nameTemplateProblem(`{id}${'x'.repeat(300)}`)).toMatch(/is 304 bytes long/);
    expect(nameTemplateProblem(`{id}${'x'.repeat(200)}`)).toBeNull();
  });

  it('§2 names are portable: no name ends in a dot or a space', () => {
    expect(stem('{id}./x')).toBe('0A000012/x');
    expect(stem('{id} /x')).toBe('0A000012/x');
    expect(stem('x.')).toBe('x');
    expect(stem('x. .')).toBe('x');
    expect(stem('{id}/. ./x')).toBe('0A000012/x');
  });

  it('§2 "/" in the template makes folders', () => {
    expect(stem('{table}/{cue}/{id}')).toBe('20000001/Wound1/0A000012');
  });

  it('§2 characters no file name may hold (< > : " \\ | ? * and control characters) become _, also "/" inside a value', () => {
    expect(stem('a<b>c:d"e\\f|g?h*i\u0001j\u007fk{id}')).toBe('a_b_c_d_e_f_g_h_i_j_k0A000012');
    expect(stem('{label}', { ...WOUND, use: { ...WOUND.use!, label: 'Drudge/Gromnie: big?' } })).toBe(
      'Drudge_Gromnie_ big_',
    );
  });

  it('§2 Windows reserved names get a trailing _ (any case, also with an extension)', () => {
    expect(unreserveName('CON')).toBe('CON_');
    expect(unreserveName('nul')).toBe('nul_');
    expect(unreserveName('Com1.x')).toBe('Com1_.x');
    expect(unreserveName('LPT9')).toBe('LPT9_');
    expect(unreserveName('COM0')).toBe('COM0');
    expect(unreserveName('CONSOLE')).toBe('CONSOLE');
    expect(stem('aux/{cue}', { ...WOUND, use: { ...WOUND.use!, cue: 'PRN' } })).toBe('aux_/PRN_');
  });

  it("§3 empty path segments are dropped and separators left at a segment's edges by empty tokens are trimmed", () => {
    expect(stem('{table}/{cue}_{id}')).toBe('20000001/Wound1_0A000012');
    expect(stem('{table}/{cue}_{id}', UNUSED)).toBe('0A000099');
    expect(stem('{id} - {label}.', UNUSED)).toBe('0A000099');
    expect(stem('{label}__{cue}-.{id}', UNUSED)).toBe('0A000099');
    expect(stem('x//{id}')).toBe('x/0A000012');
    // separators the template itself puts at an edge, with no empty token beside them, stay
    expect(stem('_{id}', UNUSED)).toBe('_0A000099');
    // in the middle nothing is trimmed
    expect(stem('{id}_{cue}_{rate}', UNUSED)).toBe('0A000099__22050');
  });

  it('§3 a template that leaves nothing gives the id, so no file is dropped', () => {
    expect(stem('{label}', UNUSED)).toBe('0A000099');
    expect(stem('{table}/{cue}', UNUSED)).toBe('0A000099');
  });

  it('§3 "." and ".." segments are dropped: a name never climbs out of the export folder', () => {
    expect(stem('../{id}')).toBe('0A000012');
    expect(stem('a/../../{id}')).toBe('a/0A000012');
    expect(stem('./.../{id}')).toBe('0A000012');
    expect(stem('{label}/{id}', { ...WOUND, use: { ...WOUND.use!, label: '..' } })).toBe('0A000012');
    expect(stem('/{id}')).toBe('0A000012');
  });

  it('§3 equal names are numbered in id order (name_2, name_3), in any case, and none is dropped', () => {
    const t = parseNameTemplate('{cue}');
    const facts: NameFacts[] = [
      { ...WOUND, id: 0x0a000030 },
      { ...WOUND, id: 0x0a000010 },
      { ...WOUND, id: 0x0a000020, use: { ...WOUND.use!, cue: 'WOUND1' } },
      { ...WOUND, id: 0x0a000040, use: { ...WOUND.use!, cue: 'Wound1_2' } },
      UNUSED,
    ];
    expect([...batchStems(t, facts)]).toEqual([
      [0x0a000010, 'Wound1'],
      [0x0a000020, 'WOUND1_3'],
      [0x0a000030, 'Wound1_4'],
      [0x0a000040, 'Wound1_2'],
      [0x0a000099, '0A000099'],
    ]);
  });

  it("§3 a name ending in _ (a reserved name's mark) is numbered CON_2, CON_3, never CON__2", () => {
    const t = parseNameTemplate('CON');
    const facts: NameFacts[] = [WOUND, { ...WOUND, id: 0x0a000013 }, { ...WOUND, id: 0x0a000014 }];
    expect([...batchStems(t, facts).values()]).toEqual(['CON_', 'CON_2', 'CON_3']);
    expect([...batchStems(parseNameTemplate('{cue}_'), facts).values()]).toEqual(['Wound1_', 'Wound1_2', 'Wound1_3']);
  });

  it('§1 {bits} of a Wave without a sample size (MP3) is "none", where the lists show "—", never 0', () => {
    const mp3: NameFacts = { ...WOUND, formatTag: 0x55, bitsPerSample: 0 };
    expect(stem('{id}_{bits}', mp3)).toBe('0A000012_none');
    expect(stem('{id}_{bits}', { ...mp3, bitsPerSample: 16 })).toBe('0A000012_none');
    expect(stem('{id}_{bits}', { ...WOUND, formatTag: 2, bitsPerSample: 4 })).toBe('0A000012_4');
    expect(stem('{id}_{bits}')).toBe('0A000012_16');
  });

  it("§4 the extension follows the export: decoded .wav, original the codec's (.mp3), as heard the settings after the name", () => {
    expect(namedFile('20000001/Wound1_0A000012', WOUND, 'decoded')).toBe('20000001/Wound1_0A000012.wav');
    expect(namedFile('x', { formatTag: 0x55 }, 'original')).toBe('x.mp3');
    expect(namedFile('x', { formatTag: 1 }, 'original')).toBe('x.wav');
    const settings = s({ distance: 10, bearingDeg: 90 });
    expect(namedFile('20000001/Wound1_0A000012', WOUND, 'as-heard', { settings })).toBe(
      '20000001/Wound1_0A000012_10m_+90deg.wav',
    );
    // the default template gives exactly the as-heard names of before
    expect(namedFile(stem('{id}'), WOUND, 'as-heard', { settings })).toBe(asHeardFileName(0x0a000012, settings));
    expect(sidecarPath('20000001/Wound1_0A000012_10m_+90deg.wav')).toBe('20000001/Wound1_0A000012_10m_+90deg.json');
  });

  // pitfalls §25: "a name that already ends in .wav"
  it.each([
    // template, format, formatTag, file
    ['{id}.wav', 'decoded', 1, '0A000012.wav'],
    ['{id}.WAV', 'decoded', 1, '0A000012.wav'],
    ['{id}.Wav', 'original', 1, '0A000012.wav'],
    ['{id}.mp3', 'original', 0x55, '0A000012.mp3'],
    ['{id}.wav', 'original', 0x55, '0A000012.wav.mp3'],
    ['{id}.mp3', 'decoded', 0x55, '0A000012.mp3.wav'],
    ['{table}/{cue}_{id}.wav', 'decoded', 1, '20000001/Wound1_0A000012.wav'],
    ['{id}..wav', 'decoded', 1, '0A000012.wav'],
    ['{id}.wav', 'as-heard', 1, '0A000012_10m_+90deg.wav'],
    ['{id}.wave', 'decoded', 1, '0A000012.wave.wav'],
    ['{id}_wav', 'decoded', 1, '0A000012_wav.wav'],
    ['a/.wav', 'decoded', 1, 'a/.wav.wav'],
  ] as const)(
    '§4 a template that already ends in the extension gets no second one: %s (%s) → %s',
    (template, format, formatTag, file) => {
      const settings = s({ distance: 10, bearingDeg: 90 });
      expect(namedFile(stem(template), { formatTag }, format, { settings })).toBe(file);
    },
  );

  it('§4 withoutExtension: only the export’s own extension, any case, never to an empty name', () => {
    expect(withoutExtension('0A000012.wav', 'wav')).toBe('0A000012');
    expect(withoutExtension('0A000012.WAV', 'wav')).toBe('0A000012');
    expect(withoutExtension('0A000012.wav', 'mp3')).toBe('0A000012.wav');
    expect(withoutExtension('.wav', 'wav')).toBe('.wav');
    expect(withoutExtension('d.x/n.wav', 'wav')).toBe('d.x/n');
  });
});
