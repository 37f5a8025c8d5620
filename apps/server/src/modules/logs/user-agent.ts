/** Browser and operating system, named from a User-Agent header (a small, tested subset). */
export interface UserAgentInfo {
  browser: string;
  os: string;
}

const major = (version: string | undefined) => (version ? ` ${version.split('.')[0]}` : '');

/** Order matters: Edge and Opera say "Chrome", Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
  [/\bSamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/\bVersion\/([\d.]+).*\bSafari\//, 'Safari'],
  [/\bMSIE ([\d.]+)|\bTrident\/.*rv:([\d.]+)/, 'Internet Explorer'],
  [/\bcurl\/([\d.]+)/, 'curl'],
];

const OSES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/\bWindows NT 10\.0/, () => 'Windows 10'],
  [/\bWindows NT 6\.3/, () => 'Windows 8.1'],
  [/\bWindows NT 6\.1/, () => 'Windows 7'],
  [/\bWindows/, () => 'Windows'],
  [/\b(?:iPhone|iPad|iPod).*?\bOS (\d+)/, (m) => `iOS ${m[1] ?? ''}`.trim()],
  [/\bAndroid (\d+)/, (m) => `Android ${m[1] ?? ''}`.trim()],
  [/\bAndroid\b/, () => 'Android'],
  [/\bMac OS X (\d+)[._](\d+)/, (m) => `macOS ${m[1] ?? ''}.${m[2] ?? ''}`],
  [/\bMacintosh\b/, () => 'macOS'],
  [/\bCrOS\b/, () => 'ChromeOS'],
  [/\bLinux\b/, () => 'Linux'],
];

export function parseUserAgent(header: string | undefined): UserAgentInfo {
  const ua = (header ?? '').slice(0, 512);
  let browser = 'Unknown';
  for (const [pattern, name] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) {
      browser = `${name}${major(m[1] ?? m[2])}`;
      break;
    }
  }
  let os = 'Unknown';
  for (const [pattern, name] of OSES) {
    const m = pattern.exec(ua);
    if (m) {
      os = name(m);
      break;
    }
  }
  return { browser: browser.slice(0, 64), os: os.slice(0, 64) };
}
