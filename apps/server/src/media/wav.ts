import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';

/** What the decoder always produces: 16 kHz, 16-bit signed little-endian PCM. */
export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SAMPLE = 2;
const HEADER_BYTES = 44;

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Byte offset of the PCM data. */
  dataOffset: number;
  /** Bytes of PCM data actually present (whole frames only). */
  dataBytes: number;
  /** Samples per channel (frames). */
  frames: number;
}

/**
 * Reads a WAV file's header. The data length is what the file really holds (a header written by a
 * streaming encoder may claim 0 or 4 GB), cut to whole frames.
 */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const size = (await stat(path)).size;
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 4096));
    await handle.read(head, 0, head.length, 0);
    if (
      head.length < 12 ||
      head.toString('ascii', 0, 4) !== 'RIFF' ||
      head.toString('ascii', 8, 12) !== 'WAVE'
    ) {
      throw new Error('Not a WAV file');
    }
    let offset = 12;
    let format: { channels: number; sampleRate: number; bitsPerSample: number; audioFormat: number } | null =
      null;
    while (offset + 8 <= head.length) {
      const id = head.toString('ascii', offset, offset + 4);
      const length = head.readUInt32LE(offset + 4);
      const body = offset + 8;
      if (id === 'fmt ') {
        format = {
          audioFormat: head.readUInt16LE(body),
          channels: head.readUInt16LE(body + 2),
          sampleRate: head.readUInt32LE(body + 4),
          bitsPerSample: head.readUInt16LE(body + 14),
        };
      } else if (id === 'data') {
        if (!format) throw new Error('WAV data before its format');
        // WAVE_FORMAT_EXTENSIBLE (0xFFFE) wraps PCM too.
        if ((format.audioFormat !== 1 && format.audioFormat !== 0xfffe) || format.bitsPerSample !== 16) {
          throw new Error('Not 16-bit PCM');
        }
        const available = size - body;
        const declared = length === 0 || length === 0xffffffff ? available : Math.min(length, available);
        const frameBytes = format.channels * BYTES_PER_SAMPLE;
        const dataBytes = declared - (declared % frameBytes);
        return {
          channels: format.channels,
          sampleRate: format.sampleRate,
          bitsPerSample: format.bitsPerSample,
          dataOffset: body,
          dataBytes,
          frames: dataBytes / frameBytes,
        };
      }
      offset = body + length + (length % 2);
    }
    throw new Error('WAV without a data chunk');
  } finally {
    await handle.close();
  }
}

export function wavHeader(dataBytes: number, channels: number, sampleRate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(channels * BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Calls `onFrames` with buffers of whole frames of the WAV's PCM data, in order. */
async function eachFrames(info: WavInfo, path: string, onFrames: (frames: Buffer) => void | Promise<void>) {
  if (info.dataBytes === 0) return;
  const frameBytes = info.channels * BYTES_PER_SAMPLE;
  const stream = createReadStream(path, {
    start: info.dataOffset,
    end: info.dataOffset + info.dataBytes - 1,
    highWaterMark: 1 << 20,
  });
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    const whole = data.length - (data.length % frameBytes);
    rest = data.subarray(whole);
    if (whole > 0) await onFrames(data.subarray(0, whole));
  }
}

export interface ChannelStats {
  /** Largest absolute sample per channel. */
  peak: number[];
  /** Mean absolute sample per channel. */
  meanAbs: number[];
  /** Mean absolute difference between the two channels (stereo only). */
  meanAbsDiff: number;
}

export async function channelStats(path: string, info: WavInfo): Promise<ChannelStats> {
  const peak = new Array<number>(info.channels).fill(0);
  const sumAbs = new Array<number>(info.channels).fill(0);
  let sumDiff = 0;
  await eachFrames(info, path, (frames) => {
    const step = info.channels * BYTES_PER_SAMPLE;
    for (let i = 0; i < frames.length; i += step) {
      let left = 0;
      for (let c = 0; c < info.channels; c += 1) {
        const value = frames.readInt16LE(i + c * BYTES_PER_SAMPLE);
        const abs = value < 0 ? -value : value;
        if (abs > peak[c]!) peak[c] = abs;
        sumAbs[c]! += abs;
        if (c === 0) left = value;
        else if (c === 1) sumDiff += Math.abs(left - value);
      }
    }
  });
  const frames = Math.max(1, info.frames);
  return { peak, meanAbs: sumAbs.map((sum) => sum / frames), meanAbsDiff: sumDiff / frames };
}

async function writeAll(out: Writable, buffer: Buffer): Promise<void> {
  if (!out.write(buffer)) await once(out, 'drain');
}

async function finish(out: Writable): Promise<void> {
  out.end();
  await once(out, 'finish');
}

/**
 * Writes mono WAVs from a WAV: one per entry of `picks`, each either one channel's samples or the mean
 * of all channels ('mix').
 */
export async function extractMono(
  path: string,
  info: WavInfo,
  picks: Array<{ path: string; channel: number | 'mix' }>,
): Promise<void> {
  const outs = picks.map((pick) => {
    const out = createWriteStream(pick.path);
    out.write(wavHeader(info.frames * BYTES_PER_SAMPLE, 1, info.sampleRate));
    return out;
  });
  try {
    await eachFrames(info, path, async (frames) => {
      const count = frames.length / (info.channels * BYTES_PER_SAMPLE);
      for (const [index, pick] of picks.entries()) {
        const mono = Buffer.alloc(count * BYTES_PER_SAMPLE);
        for (let f = 0; f < count; f += 1) {
          const base = f * info.channels * BYTES_PER_SAMPLE;
          let value: number;
          if (pick.channel === 'mix') {
            let sum = 0;
            for (let c = 0; c < info.channels; c += 1) sum += frames.readInt16LE(base + c * BYTES_PER_SAMPLE);
            value = Math.round(sum / info.channels);
          } else {
            value = frames.readInt16LE(base + pick.channel * BYTES_PER_SAMPLE);
          }
          mono.writeInt16LE(value, f * BYTES_PER_SAMPLE);
        }
        await writeAll(outs[index]!, mono);
      }
    });
  } finally {
    await Promise.all(outs.map(finish));
  }
}

export interface WavPiece {
  path: string;
  /** Where the piece starts in the whole recording, in seconds. */
  offsetSeconds: number;
}

/**
 * Cuts a mono WAV into pieces of at most `seconds` each (the providers take at most 25 MB a request).
 * A file that fits is returned as it is.
 */
export async function splitWav(
  path: string,
  seconds: number,
  pathFor: (index: number) => string,
): Promise<WavPiece[]> {
  const info = await readWavInfo(path);
  const framesPerPiece = Math.max(1, Math.floor(seconds * info.sampleRate));
  if (info.frames <= framesPerPiece) return [{ path, offsetSeconds: 0 }];
  const frameBytes = info.channels * BYTES_PER_SAMPLE;
  const pieces: WavPiece[] = [];
  for (let first = 0, index = 0; first < info.frames; first += framesPerPiece, index += 1) {
    const frames = Math.min(framesPerPiece, info.frames - first);
    const target = pathFor(index);
    const out = createWriteStream(target);
    out.write(wavHeader(frames * frameBytes, info.channels, info.sampleRate));
    const start = info.dataOffset + first * frameBytes;
    for await (const chunk of createReadStream(path, { start, end: start + frames * frameBytes - 1 })) {
      await writeAll(out, chunk as Buffer);
    }
    await finish(out);
    pieces.push({ path: target, offsetSeconds: first / info.sampleRate });
  }
  return pieces;
}
