/**
 * The one voice graph used for playback and for offline capture (retail-engine decision 4):
 *
 *   source → (splitter if stereo) → GainNode L ┐
 *                                  → GainNode R ┴→ ChannelMergerNode → master GainNode → AnalyserNode → destination
 *
 * A balance law with two independent gains, never an equal-power StereoPannerNode. Gains are set
 * once with no ramp (retail fixes them at start; live re-apply is an audition convenience).
 */

export interface ChannelGainValues {
  left: number;
  right: number;
}

export interface VoiceGraph {
  source: AudioBufferSourceNode;
  splitter: ChannelSplitterNode | null;
  gainL: GainNode;
  gainR: GainNode;
  merger: ChannelMergerNode;
  master: GainNode;
  analyser: AnalyserNode;
  /** Sets the two channel gains immediately (no ramp). */
  setGains(g: ChannelGainValues): void;
  /** Disconnects every node (after stop/end). */
  dispose(): void;
}

export interface GraphOptions {
  /** Master gain (0 = focus-loss mute). Default 1. */
  master?: number;
  /** Where the analyser's output goes. Default ctx.destination. */
  destination?: AudioNode;
  loop?: boolean;
}

function safeGain(x: number): number {
  return Number.isFinite(x) && x > 0 ? x : 0;
}

export function buildVoiceGraph(
  ctx: BaseAudioContext,
  buffer: AudioBuffer,
  gains: ChannelGainValues,
  options: GraphOptions = {},
): VoiceGraph {
  const source = new AudioBufferSourceNode(ctx, { buffer, loop: options.loop ?? false, playbackRate: 1 });
  const gainL = new GainNode(ctx, { gain: safeGain(gains.left) });
  const gainR = new GainNode(ctx, { gain: safeGain(gains.right) });
  // Mono inputs into the merger: each channel gain processes one channel.
  for (const g of [gainL, gainR]) {
    g.channelCount = 1;
    g.channelCountMode = 'explicit';
    g.channelInterpretation = 'discrete';
  }
  const merger = new ChannelMergerNode(ctx, { numberOfInputs: 2 });
  const master = new GainNode(ctx, { gain: options.master ?? 1 });
  const analyser = new AnalyserNode(ctx, { fftSize: 2048 });

  let splitter: ChannelSplitterNode | null = null;
  if (buffer.numberOfChannels >= 2) {
    splitter = new ChannelSplitterNode(ctx, { numberOfOutputs: buffer.numberOfChannels });
    source.connect(splitter);
    splitter.connect(gainL, 0);
    splitter.connect(gainR, 1);
  } else {
    source.connect(gainL);
    source.connect(gainR);
  }
  gainL.connect(merger, 0, 0);
  gainR.connect(merger, 0, 1);
  merger.connect(master);
  master.connect(analyser);
  analyser.connect(options.destination ?? ctx.destination);

  return {
    source,
    splitter,
    gainL,
    gainR,
    merger,
    master,
    analyser,
    setGains(g) {
      gainL.gain.value = safeGain(g.left);
      gainR.gain.value = safeGain(g.right);
    },
    dispose() {
      for (const n of [source, splitter, gainL, gainR, merger, master, analyser]) {
        try {
          n?.disconnect();
        } catch {
          // already disconnected
        }
      }
    },
  };
}

/** Copies decoded channels into an AudioBuffer at the audio's own sample rate. */
export function toAudioBuffer(
  ctx: BaseAudioContext,
  audio: { sampleRate: number; channels: Float32Array[] },
): AudioBuffer {
  const frames = Math.max(1, audio.channels[0]?.length ?? 0);
  const buffer = ctx.createBuffer(Math.max(1, audio.channels.length), frames, audio.sampleRate);
  audio.channels.forEach((ch, i) => {
    if (ch.length > 0) buffer.copyToChannel(ch as Float32Array<ArrayBuffer>, i);
  });
  return buffer;
}
