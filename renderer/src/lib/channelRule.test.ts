import { describe, expect, it } from 'vitest';
import { renderAsHeard } from '../../../core/engine';
import { MULTICHANNEL_RULE, STEREO_RULE, stereoBadge, stereoStatement } from './channelRule';

describe('stereoStatement: the rule the engine applies to a stereo Wave', () => {
  it('mono: no statement', () => {
    expect(stereoStatement(1, 1, 'retail')).toBeNull();
    expect(stereoBadge(1, 1, 'retail')).toBeNull();
  });

  it('more than two channels: the one rule, averaged to mono live and as heard alike', () => {
    for (const mode of ['retail', 'authored'] as const) {
      expect(stereoStatement(4, 1, mode)).toBe(`4-channel Wave. ${MULTICHANNEL_RULE}`);
      expect(stereoBadge(4, 1, mode)).toBe('4 channels → mono');
    }
    expect(MULTICHANNEL_RULE).toMatch(/averaged into one, which feeds both outputs/);
    expect(MULTICHANNEL_RULE).toMatch(/live and as heard alike/);
  });

  it('stereo PCM, either mode: each channel attenuated and balanced, no cross-feed', () => {
    expect(stereoStatement(2, 1, 'retail')).toBe(STEREO_RULE);
    expect(stereoStatement(2, 1, 'authored')).toBe(STEREO_RULE);
    expect(STEREO_RULE).toMatch(/each is attenuated and balanced on its own/);
    expect(STEREO_RULE).toMatch(/no cross-feed/);
  });

  it('stereo MP3 or ADPCM in retail: converted to mono by ACM first; authored: the stereo rule', () => {
    expect(stereoStatement(2, 0x55, 'retail')).toMatch(
      /^Stereo Wave, but retail converts MP3 through ACM to 11,025 Hz mono/,
    );
    expect(stereoStatement(2, 0x02, 'retail')).toMatch(/MS ADPCM/);
    expect(stereoStatement(2, 0x55, 'authored')).toBe(STEREO_RULE);
  });

  it('is what the engine does: left channel only to the left output, right only to the right', () => {
    const l = new Float32Array([1, 1]);
    const r = new Float32Array([0, 0]);
    const out = renderAsHeard({ sampleRate: 22050, channels: [l, r] }, { left: 0.5, right: 0.25 });
    expect([...out.channels[0]]).toEqual([0.5, 0.5]);
    expect([...out.channels[1]]).toEqual([0, 0]); // nothing of the left channel crosses over
  });
});

describe('stereoBadge: the statement in short, for the heading', () => {
  it('stereo: "no cross-feed"; retail MP3: plays as mono; mono: none', () => {
    expect(stereoBadge(2, 1, 'retail')).toBe('stereo: no cross-feed');
    expect(stereoBadge(2, 0x55, 'retail')).toBe('stereo → mono (retail ACM)');
    expect(stereoBadge(2, 0x55, 'authored')).toBe('stereo: no cross-feed');
    expect(stereoBadge(1, 1, 'retail')).toBeNull();
  });
});
