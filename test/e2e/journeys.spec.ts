// The browser suite: every journey of journeys/index.ts, a test on each project (phone, desktop).
// A journey's colorScheme and timeoutMs become the test's options; one that needs the
// REQUIRE_ACTIVATION instance is tagged @activation.
import { test } from './harness/fixtures.ts';
import { serving } from './harness/server.ts';
import { journeys } from './journeys/index.ts';

for (const journey of journeys) {
  test.describe(() => {
    test.use({ colorScheme: journey.colorScheme ?? 'light' });
    test.describe.configure({ timeout: journey.timeoutMs ?? 180_000 });
    if (journey.activation) test.beforeEach(({ activationApp }) => serving(activationApp));
    test(journey.name, { tag: journey.activation ? ['@activation'] : [] }, async ({ t, overflow }) => {
      await journey.run(t);
      // A screen passed through in the last step may report a moment after it.
      if (overflow) {
        await test.step('(after the last step) no screen overflowed', async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          overflow.assertNoneSeen();
        });
      }
    });
  });
}
