import { describe, expect, it } from 'vitest';
import {
  embeddedIpv4,
  ipv6Groups,
  isBlockedAddress,
  parseDownloadUrl,
  resolveTarget,
  UrlRefusedError,
} from './ssrf.ts';

describe('address guard', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('reads IPv6 forms', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('1::2::3')).toBeNull();
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
  });
});

describe('link parsing', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://example.com/a.mp3',
    'javascript:alert(1)',
    'data:audio/wav;base64,AAAA',
    'gopher://x.example/',
  ])('refuses %s', (url) => {
    expect(() => parseDownloadUrl(url)).toThrow(UrlRefusedError);
    expect(() => parseDownloadUrl(url)).toThrow(/Only http and https links/);
  });

  it('adds https:// to a link without a scheme, as the upload panel does', () => {
    expect(parseDownloadUrl(' example.com/a.mp3 ').toString()).toBe('https://example.com/a.mp3');
    expect(parseDownloadUrl('example.com:8080/a.mp3').toString()).toBe('https://example.com:8080/a.mp3');
    expect(parseDownloadUrl('HTTP://Example.com/a').toString()).toBe('http://example.com/a');
    expect(() => parseDownloadUrl('http://')).toThrow('Please enter a valid URL.');
  });
});

describe('resolveTarget', () => {
  const dns = (answers: Record<string, string[]>) => async (host: string) => {
    const list = answers[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  const lookup = dns({
    'evil.example': ['127.0.0.1'],
    'mixed.example': ['93.184.216.34', '10.0.0.5'],
    'metadata.example': ['169.254.169.254'],
    'v6.example': ['::ffff:192.168.1.1'],
    'cdn.example': ['93.184.216.34', '2606:2800:220:1::1'],
  });
  const target = (url: string, allow: string[] = []) => resolveTarget(new URL(url), allow, lookup);

  it.each([
    'http://127.0.0.1/a.wav',
    'http://localhost.localdomain.invalid/a.wav',
    'http://[::1]/a.wav',
    'http://[::ffff:127.0.0.1]/a.wav',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data',
    'http://2130706433/a.wav',
    'http://0x7f.0.0.1/a.wav',
    'http://10.1.1.1/a.wav',
    'http://172.16.5.4/a.wav',
    'http://192.168.0.1/a.wav',
    'http://169.254.169.254/latest/meta-data/',
    'http://evil.example/a.wav',
    'http://mixed.example/a.wav',
    'http://metadata.example/',
    'http://v6.example/',
  ])('refuses %s before connecting', async (url) => {
    await expect(target(url)).rejects.toBeInstanceOf(UrlRefusedError);
  });

  it('says why', async () => {
    await expect(target('http://evil.example/a.wav')).rejects.toThrow(
      'The link points to a private or local network address (127.0.0.1); only links to public servers can be uploaded.',
    );
    await expect(target('http://nowhere.example/')).rejects.toThrow(
      "The link's server nowhere.example could not be found.",
    );
  });

  it('pins the first checked address of a public host', async () => {
    expect(await target('https://cdn.example/a.mp3')).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await target('https://8.8.8.8/a.mp3')).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('lets allowlisted host[:port] entries reach private addresses, on that port only when given', async () => {
    expect(await target('http://evil.example:9000/a', ['evil.example:9000'])).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(target('http://evil.example:9001/a', ['evil.example:9000'])).rejects.toBeInstanceOf(
      UrlRefusedError,
    );
    expect(await target('http://evil.example:9001/a', ['evil.example'])).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await target('http://127.0.0.1:8080/a', ['127.0.0.1:8080'])).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await target('http://[::1]:8080/a', ['[::1]:8080'])).toMatchObject({ address: '::1' });
  });

  it('resolves localhost with the system resolver and refuses it', async () => {
    await expect(resolveTarget(new URL('http://localhost/a.wav'), [])).rejects.toBeInstanceOf(
      UrlRefusedError,
    );
  });
});
