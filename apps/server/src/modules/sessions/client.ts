import type { SessionDeviceType } from '@parley/contracts';
import Bowser from 'bowser';

/** What a session's User-Agent header tells a person: the browser, the system and the kind of device. */
export interface SessionClient {
  browser: string | null;
  os: string | null;
  device: SessionDeviceType;
}

const DEVICE_TYPES: Record<string, SessionDeviceType> = {
  desktop: 'desktop',
  mobile: 'mobile',
  tablet: 'tablet',
};

export function describeUserAgent(userAgent: string | null): SessionClient {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    device: DEVICE_TYPES[parsed.platform.type ?? ''] ?? 'unknown',
  };
}
