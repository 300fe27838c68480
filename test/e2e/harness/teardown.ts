// globalTeardown (playwright.config.ts): stops the instances the journeys started on first use.
import { stopStarted } from './server.ts';

export default async function teardown() {
  await stopStarted();
}
