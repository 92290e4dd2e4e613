import { useEffect, useRef, useState } from 'react';

/** How long to wait before opening a new stream after the browser gave up on one (HTTP error, 401). */
export const EVENT_SOURCE_RETRY_MS = 5_000;

/**
 * - connecting: the first connection is being made;
 * - open: events arrive;
 * - reconnecting: the connection dropped, the browser (or this hook) is opening it again;
 * - unavailable: the browser has no EventSource.
 */
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'unavailable';

export interface EventSourceHandlers {
  /** Named events (`event: <name>`): the parsed JSON data. Unreadable data is ignored. */
  events: Record<string, (data: unknown) => void>;
  /**
   * The stream is open: on its first opening and again after a drop. Events sent before it opened were not
   * seen (a change between the page's first load and the stream's opening, or during a drop), so reload what
   * they would have changed.
   */
  onOpen?: () => void;
}

/**
 * Listens to a text/event-stream at `url` (same origin, session cookie) while mounted; null pauses. The
 * browser reconnects by itself after a dropped connection; when it gives up (an HTTP error answer) a new
 * stream is opened after EVENT_SOURCE_RETRY_MS. Handlers may change between renders without reconnecting.
 */
export function useEventSource(url: string | null, handlers: EventSourceHandlers): LiveState {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const names = Object.keys(handlers.events).sort().join(',');
  const [state, setState] = useState<LiveState>(() =>
    typeof EventSource === 'undefined' ? 'unavailable' : 'connecting',
  );

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let disposed = false;

    const connect = () => {
      if (disposed) return;
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.onopen = () => {
        setState('open');
        handlersRef.current.onOpen?.();
      };
      current.onerror = () => {
        if (disposed) return;
        if (current.readyState === EventSource.CLOSED) {
          current.close();
          timer = setTimeout(connect, EVENT_SOURCE_RETRY_MS);
        }
        setState('reconnecting');
      };
      for (const name of names ? names.split(',') : []) {
        current.addEventListener(name, (event) => {
          let data: unknown;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          handlersRef.current.events[name]?.(data);
        });
      }
    };

    setState('connecting');
    connect();
    return () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [url, names]);

  return state;
}
