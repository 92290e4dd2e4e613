import { describe, expect, it } from 'vitest';
import { describeBrowser } from './passkeyName';

describe('describeBrowser', () => {
  it('names the browser and system of common user agents, not the engines they borrow', () => {
    const agents = {
      edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      iphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      android:
        'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    };
    expect(describeBrowser(agents.edge)).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(describeBrowser(agents.iphone)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(describeBrowser(agents.android)).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(describeBrowser(agents.firefox)).toEqual({ browser: 'Firefox', os: 'Linux' });
    expect(describeBrowser('curl/8.0')).toEqual({ browser: null, os: null });
  });
});
