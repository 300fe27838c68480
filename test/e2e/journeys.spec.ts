// The browser suite: every journey of journeys/index.ts as a test, on both projects (phone, desktop)
// or on the one its line there names, with the reason. A one-project journey is tagged @phone-only
// or @desktop-only, which the other project leaves out (playwright.config.ts). A journey's timeoutMs
// becomes the test's; one that needs the REQUIRE_ACTIVATION instance is tagged @activation and is
// the only kind of test that starts it.
import { test } from './harness/fixtures.ts';
import type { OverflowWatch } from './harness/fixtures.ts';
import type { Journey, JourneyContext } from './harness/journey.ts';
import { journeys } from './journeys/index.ts';

async function run(journey: Journey, t: JourneyContext, overflow: OverflowWatch) {
  await journey.run(t);
  // A screen passed through in the last step may report a moment after it.
  if (overflow) {
    await test.step('(after the last step) no screen overflowed', async () => {
      await overflow.settle();
      overflow.assertNoneSeen();
    });
  }
}

for (const { journey, on } of journeys) {
  const tag = [...(on === 'both' ? [] : [`@${on}-only`]), ...(journey.activation ? ['@activation'] : [])];
  test.describe(() => {
    test.describe.configure({ timeout: journey.timeoutMs ?? 180_000 });
    if (journey.activation) {
      test(journey.name, { tag }, ({ t, overflow, activationApp }) => run(journey, { ...t, activationApp }, overflow));
    } else {
      test(journey.name, { tag }, ({ t, overflow }) => run(journey, t, overflow));
    }
  });
}
