import { describe, expect, it } from 'vitest';
import { idLines, matches, parseIdList, parseQuery, soundTypesNamed, termMatchesId, termNamesId } from './search';

describe('search', () => {
  it('matches ids with or without 0x, in any case', () => {
    for (const t of ['0x0A00012F', '0x0a00012f', '0A00012F', '0a00012f', '12f', '12F', '0x12F']) {
      expect(termMatchesId(parseQuery(t).terms[0]!.text, 0x0a00012f)).toBe(true);
    }
    expect(termMatchesId('0x130', 0x0a00012f)).toBe(false);
    expect(termMatchesId('zz', 0x0a00012f)).toBe(false);
  });
  it('matches sound types by name and value', () => {
    const types = [{ name: 'Footstep1', soundType: 0x37 }];
    expect(matches(parseQuery('footstep'), 0x20000001, [], types)).toBe(true);
    expect(matches(parseQuery('0x37'), 0x20000001, [], types)).toBe(true);
    expect(matches(parseQuery('55'), 0x20000001, [], types)).toBe(true);
    expect(matches(parseQuery('wound'), 0x20000001, [], types)).toBe(false);
  });
  it('a sound type value matches whole: 12 is Wound1 (0x0C), never 112 (UI_IconSuccessfulDrop) or 0x12 (Grunt1)', () => {
    const drop = [{ name: 'UI_IconSuccessfulDrop', soundType: 112 }];
    const grunt = [{ name: 'Grunt1', soundType: 0x12 }];
    const wound = [{ name: 'Wound1', soundType: 12 }];
    // 0x2000000C defines UI_IconSuccessfulDrop: "12" is in neither its id digits nor a whole value
    expect(matches(parseQuery('12'), 0x2000000c, [''], drop)).toBe(false);
    expect(matches(parseQuery('12'), 0x20000007, ['drudge'], grunt)).toBe(false);
    expect(matches(parseQuery('12'), 0x20000001, [''], wound)).toBe(true);
    for (const t of ['0x0c', '0xc', '0x0C', '12'])
      expect(matches(parseQuery(t), 0x20000001, [''], wound), t).toBe(true);
    expect(matches(parseQuery('112'), 0x2000000c, [''], drop)).toBe(true);
    expect(matches(parseQuery('0x12'), 0x20000007, [''], grunt)).toBe(true);
    // one letter names no sound type (it would name nearly all); 2 or more match a part of the name
    expect(matches(parseQuery('w'), 0x20000001, [''], wound)).toBe(false);
    expect(matches(parseQuery('wo'), 0x20000001, [''], wound)).toBe(true);
  });
  it('soundTypesNamed: the sound types the positive terms name, the ones a row shows as why it matched', () => {
    const sounds = [
      { name: 'Wound1', soundType: 12 },
      { name: 'UI_IconSuccessfulDrop', soundType: 112 },
      { name: 'Grunt1', soundType: 0x12 },
    ];
    expect(soundTypesNamed(parseQuery('12'), sounds).map((s) => s.name)).toEqual(['Wound1']);
    expect(soundTypesNamed(parseQuery('-wound drop'), sounds).map((s) => s.name)).toEqual(['UI_IconSuccessfulDrop']);
    expect(soundTypesNamed(parseQuery('^grunt', { regex: true }), sounds).map((s) => s.name)).toEqual(['Grunt1']);
    expect(soundTypesNamed(parseQuery(''), sounds)).toEqual([]);
  });
  it('requires every term (AND)', () => {
    const types = [{ name: 'Wound1', soundType: 0x0c }];
    expect(matches(parseQuery('drudge wound'), 0x20000007, ['drudge'], types)).toBe(true);
    expect(matches(parseQuery('drudge footstep'), 0x20000007, ['drudge'], types)).toBe(false);
    expect(matches(parseQuery('   '), 0x20000007, ['drudge'], types)).toBe(true);
  });
});

describe('search: negation (-term excludes)', () => {
  const mp3 = ['mp3 22050hz 22050 hz stereo'];
  const pcm = ['pcm 11025hz 11025 hz mono 16-bit'];
  it('-mp3 excludes the rows "mp3" matches and keeps the rest', () => {
    expect(matches(parseQuery('-mp3'), 0x0a000063, mp3)).toBe(false);
    expect(matches(parseQuery('-mp3'), 0x0a000010, pcm)).toBe(true);
  });
  it('a negated id excludes that id; negation combines with other terms (AND)', () => {
    expect(matches(parseQuery('-0x0A000010'), 0x0a000010, pcm)).toBe(false);
    expect(matches(parseQuery('pcm -0a000010'), 0x0a000011, pcm)).toBe(true);
    expect(matches(parseQuery('pcm -0a000010'), 0x0a000010, pcm)).toBe(false);
  });
  it('a lone "-" is ignored; "16-bit" is not a negation', () => {
    expect(parseQuery(' - ').terms).toEqual([]);
    expect(parseQuery('16-bit').terms[0]).toMatchObject({ text: '16-bit', negate: false });
  });
});

describe('search: regular-expression mode', () => {
  const hay = ['drudge'];
  const types = [{ name: 'Wound1', soundType: 0x0c }];
  it('each term is a case-insensitive regular expression over the texts', () => {
    expect(matches(parseQuery('^dru', { regex: true }), 0x20000007, hay)).toBe(true);
    expect(matches(parseQuery('WOUND[12]', { regex: true }), 0x20000007, hay, types)).toBe(true);
    expect(matches(parseQuery('wound[3-9]', { regex: true }), 0x20000007, hay, types)).toBe(false);
    // without the mode the same text is a plain substring
    expect(matches(parseQuery('wound[12]'), 0x20000007, hay, types)).toBe(false);
  });
  it('a term is tested against the id as 0x + 8 hex digits (anchors work on it)', () => {
    expect(matches(parseQuery('^0x0a00001[0-3]$', { regex: true }), 0x0a000012, [])).toBe(true);
    expect(matches(parseQuery('^0x0a00001[0-3]$', { regex: true }), 0x0a000014, [])).toBe(false);
  });
  it('negation works in regex mode', () => {
    expect(matches(parseQuery('-^dru', { regex: true }), 0x20000007, hay)).toBe(false);
  });
  it('an invalid regular expression is explained, left out of the filter, never thrown', () => {
    const q = parseQuery('wound [unclosed', { regex: true });
    expect(q.error).toMatch(/^“\[unclosed” is not a valid regular expression \(.+\)$/);
    expect(q.error).not.toMatch(/SyntaxError|Invalid regular expression: \//);
    expect(q.terms.map((t) => t.text)).toEqual(['wound']);
    expect(matches(q, 0x20000007, hay, types)).toBe(true);
    expect(parseQuery('[unclosed').error).toBeNull(); // not in regex mode: plain text
  });
});

describe('search: id lists (pasted ids)', () => {
  it('two or more full ids in any common separators are an id list, in order, without repeats', () => {
    expect(parseIdList('0x0A000012, 0A000013\n20000001')).toEqual([0x0a000012, 0x0a000013, 0x20000001]);
    expect(parseIdList('0x0a000012;0x0A000013\t0x0a000012\r\n')).toEqual([0x0a000012, 0x0a000013]);
    expect(parseIdList('0A000012 | 0A000013')).toEqual([0x0a000012, 0x0a000013]);
  });
  it('one id, a short id or any other word is not an id list', () => {
    expect(parseIdList('0x0A000012')).toBeNull();
    expect(parseIdList('0x0A000012 12f')).toBeNull();
    expect(parseIdList('0x0A000012 mp3')).toBeNull();
  });
  it('an id list matches any of its ids (OR), in every list', () => {
    const q = parseQuery('0x0A000012 0x20000001');
    expect(matches(q, 0x0a000012, [])).toBe(true);
    expect(matches(q, 0x20000001, [])).toBe(true);
    expect(matches(q, 0x0a000013, [])).toBe(false);
  });
  it('idLines: one id per line, 0x + 8 uppercase hex digits (what Ctrl+C copies)', () => {
    expect(idLines([0x0a000012, 0x2000000c])).toBe('0x0A000012\n0x2000000C');
    expect(parseIdList(idLines([0x0a000012, 0x2000000c]))).toEqual([0x0a000012, 0x2000000c]);
  });
});

describe('search: an id a row does not show matches only whole (termNamesId)', () => {
  const term = (t: string, regex = false) => parseQuery(t, { regex }).terms[0]!;
  it('8 digits with or without 0x, any case, or 0x + the value; never a part', () => {
    expect(termNamesId(term('0x03000112'), 0x03000112)).toBe(true);
    expect(termNamesId(term('0300122a'), 0x0300122a)).toBe(true);
    expect(termNamesId(term('0x3000112'), 0x03000112)).toBe(true);
    expect(termNamesId(term('12'), 0x03000112)).toBe(false);
    expect(termNamesId(term('112'), 0x03000112)).toBe(false);
    expect(termNamesId(term('0x0c'), 0x030000c0)).toBe(false);
    expect(termNamesId(term('0x0300011'), 0x03000112)).toBe(false);
    expect(termNamesId(term('speak1'), 0x03000112)).toBe(false);
  });
  it('regex mode tests 0x + the 8 digits', () => {
    expect(termNamesId(term('^0x030001', true), 0x03000112)).toBe(true);
    expect(termNamesId(term('^12', true), 0x03000112)).toBe(false);
  });
});
