// What a journey is and what it gets to work with (built from Playwright's fixtures in fixtures.ts;
// journeys.spec.ts runs each journey as a test on the phone and desktop projects, or on one of them).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Axe } from './a11y.ts';
import type { Server } from './server.ts';

export type Viewport = { name: 'phone' | 'desktop'; width: number; height: number; mobile: boolean };

/** The projects of playwright.config.ts. */
export const VIEWPORTS: Viewport[] = [
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'desktop', width: 1440, height: 900, mobile: false },
];

export type JourneyContext = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  viewport: Viewport;
  /** The product as `npm start` serves it. */
  app: Server;
  /** A second instance started with REQUIRE_ACTIVATION=true (for journeys that ask for it; else null). */
  activationApp: Server | null;
  /** Where a journey may write files (downloads): the test's own folder under test-results/. */
  outDir: string;
  /** The test's axe-core findings (a11y.ts: axeCollector). */
  axe: Axe;
  /** A unique, valid username for this run (lowercase letters and digits). */
  unique(prefix: string): string;
  /**
   * Names the current step, so a failure says where it happened. On the phone, every open page is
   * checked for horizontal overflow when the step ends.
   */
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
};

export type Journey = {
  name: string;
  /** The journey needs the REQUIRE_ACTIVATION instance (tagged @activation). */
  activation?: boolean;
  timeoutMs?: number;
  run(t: JourneyContext): Promise<void>;
};
