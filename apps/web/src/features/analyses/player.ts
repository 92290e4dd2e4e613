import type { TranscriptSegment } from '@parley/contracts';
import { useCallback, useEffect, useState } from 'react';

export interface Player {
  /** Callback ref for the <audio> or <video> element. */
  ref: (element: HTMLMediaElement | null) => void;
  /** Playback position in seconds (from timeupdate and seeks). */
  currentTime: number;
  playing: boolean;
  /** Playback has started or the user sought: the current transcript line is highlighted from then on. */
  started: boolean;
  /** Jumps to `seconds` and plays; null while there is no player (text conversations, print view). */
  seek: ((seconds: number) => void) | null;
}

/** State of the page's media element, and seeking it from the transcript and the evidence. */
export function usePlayer(): Player {
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!element) return;
    const onTime = () => setCurrentTime(element.currentTime);
    const onPlay = () => {
      setPlaying(true);
      setStarted(true);
    };
    const onPause = () => setPlaying(false);
    const listeners: Array<[string, () => void]> = [
      ['timeupdate', onTime],
      ['seeked', onTime],
      ['play', onPlay],
      ['playing', onPlay],
      ['pause', onPause],
      ['ended', onPause],
    ];
    for (const [name, listener] of listeners) element.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) element.removeEventListener(name, listener);
    };
  }, [element]);

  const seek = useCallback(
    (seconds: number) => {
      if (!element) return;
      const target = Math.max(0, seconds);
      element.currentTime = target;
      setCurrentTime(target);
      setStarted(true);
      try {
        const played = element.play();
        if (played && typeof played.catch === 'function') played.catch(() => {});
      } catch {
        // playback refused (autoplay policy): the position is set, the user presses play
      }
    },
    [element],
  );

  return { ref: setElement, currentTime, playing, started, seek: element ? seek : null };
}

/** The transcript line being spoken at `time`: the last one that has started (-1 before the first). */
export function activeSegmentIndex(segments: readonly TranscriptSegment[], time: number): number {
  let active = -1;
  for (let index = 0; index < segments.length; index += 1) {
    const start = segments[index]!.start;
    if (start === null) continue;
    if (start <= time + 0.05) active = index;
    else break;
  }
  return active;
}
