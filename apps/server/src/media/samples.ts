/** What every decode produces: 16 kHz, 16-bit signed little-endian PCM. */
export const SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;

export interface ChannelStats {
  /** Samples per channel (frames). */
  frames: number;
  /** Largest absolute sample per channel. */
  peak: number[];
  /** Mean absolute sample per channel. */
  meanAbs: number[];
  /** Mean absolute difference between the two channels (stereo only). */
  meanAbsDiff: number;
}

/**
 * Counts and measures interleaved 16-bit PCM as it streams by, in chunks of any size (a frame split between
 * two chunks is joined), so that a recording's length and levels never need it on disk.
 */
export class SampleStats {
  readonly channels: number;
  #frames = 0;
  #peak: number[];
  #sumAbs: number[];
  #sumDiff = 0;
  #rest: Buffer = Buffer.alloc(0);

  constructor(channels: number) {
    this.channels = channels;
    this.#peak = new Array<number>(channels).fill(0);
    this.#sumAbs = new Array<number>(channels).fill(0);
  }

  add(chunk: Buffer): void {
    const data = this.#rest.length ? Buffer.concat([this.#rest, chunk]) : chunk;
    const step = this.channels * BYTES_PER_SAMPLE;
    const whole = data.length - (data.length % step);
    this.#rest = Buffer.from(data.subarray(whole));
    for (let i = 0; i < whole; i += step) {
      let left = 0;
      for (let c = 0; c < this.channels; c += 1) {
        const value = data.readInt16LE(i + c * BYTES_PER_SAMPLE);
        const abs = value < 0 ? -value : value;
        if (abs > this.#peak[c]!) this.#peak[c] = abs;
        this.#sumAbs[c]! += abs;
        if (c === 0) left = value;
        else if (c === 1) this.#sumDiff += Math.abs(left - value);
      }
    }
    this.#frames += whole / step;
  }

  result(): ChannelStats {
    const frames = Math.max(1, this.#frames);
    return {
      frames: this.#frames,
      peak: [...this.#peak],
      meanAbs: this.#sumAbs.map((sum) => sum / frames),
      meanAbsDiff: this.#sumDiff / frames,
    };
  }
}
