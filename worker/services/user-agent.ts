import { deviceClass, type Device } from './events/request-facts';

// A session is shown as "Chrome on Android": enough for its owner to recognise it, and all
// that is kept of the user agent (README, Decisions: sessions).

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export type AgentSummary = { browser: string; os: string; device: Device };

const first = (rules: [RegExp, string][], agent: string) => rules.find(([pattern]) => pattern.test(agent))?.[1];

export function describeAgent(userAgent: string | null | undefined): AgentSummary {
  const agent = (userAgent ?? '').slice(0, 512);
  return {
    browser: first(BROWSERS, agent) ?? 'Unknown browser',
    os: first(SYSTEMS, agent) ?? 'Unknown system',
    device: deviceClass(agent),
  };
}
