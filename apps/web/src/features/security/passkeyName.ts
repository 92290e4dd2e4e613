/**
 * The browser and system a new passkey is added on, for its suggested name ("Chrome on macOS"): a guess from
 * the user agent, which the user may change. The first match wins (Edge and Opera also say Chrome, Chrome also
 * says Safari, iOS also says Mac OS X).
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

const first = (list: Array<[RegExp, string]>, userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function describeBrowser(userAgent: string): { browser: string | null; os: string | null } {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
