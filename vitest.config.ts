import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { buildDefine } from './build/build-info.ts';

const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));
const countMigrations = await readD1Migrations(fileURLToPath(new URL('./migrations-counts', import.meta.url)));

/**
 * wrangler.toml binds one counting database (COUNTS_0), the default size; the tests bind three
 * more, as a deployment that raised the size would, so every path that crosses databases (a page
 * of many cards, a deletion, a card counted elsewhere than the hash says) runs. The cron's query
 * count is measured at the default size (test/worker/jobs-budget.test.ts).
 */
const TEST_COUNTING_DATABASES = 4;
const extraCountingDatabases = Object.fromEntries(
  Array.from({ length: TEST_COUNTING_DATABASES - 1 }, (_, i) => [`COUNTS_${i + 1}`, `COUNTS_${i + 1}`]),
);

/**
 * Test files that assert on the whole of a store (every object in R2, every buffered event, a
 * drain of every shard) and so need storage of their own. Every other worker file seeds its own
 * random accounts and never depends on what else is stored.
 */
const WHOLE_STORE_FILES = [
  'test/worker/services/events-drain.test.ts',
  'test/worker/services/events-privacy.test.ts',
  // Compacts the rollups of every card, as the cron does.
  'test/worker/services/events-rollups.test.ts',
  // Moves the counts of before of every card, as the cron does.
  'test/worker/services/events-legacy-move.test.ts',
  'test/worker/routes/media.test.ts',
  'test/worker/routes/media-crop.test.ts',
  'test/worker/routes/media-keys.test.ts',
  'test/worker/routes/media-pipeline.test.ts',
  'test/worker/routes/profile-avatar.test.ts',
  // Deletes accounts with logos, whose files a later job removes.
  'test/worker/routes/company-logo.test.ts',
  // Leaves a member's own logo, replaced by the organisation's, in the card's folder until the card
  // goes, and an organisation's logo that its template shows and no card does.
  'test/worker/orgs/template-logo.test.ts',
  // Uploads template backgrounds into an organisation's folder, named only by the saved template's
  // address, which the bucket checks of the shared files do not know.
  'test/worker/orgs/template-look.test.ts',
  // Holds an organisation's background folder to the sets its template and cards name, and
  // leaves another organisation's upload that no save of its own deletes.
  'test/worker/orgs/template-background.test.ts',
  // Leaves a card of the previous release whose background's files it deleted.
  'test/worker/db/background-tones-migration.test.ts',
  // Uploads a logo for a card of its own database, whose files the shared bucket would then hold
  // with no card in the shared database to use them.
  'test/worker/db/logo-migration.test.ts',
  'test/worker/services/platform-failures-storage.test.ts',
  // Both leave thumbnails a preview made that no link saved (kept until the account goes, decision
  // 0100), which the media tests' bucket, held to what the cards use, would find.
  'test/worker/link-preview/link-thumbnails.test.ts',
  'test/worker/link-preview/page-fetch.test.ts',
  // The status page and a tick read the whole buffer.
  'test/worker/services/watching.test.ts',
  // Runs the cron's every job over the whole store, counting its queries.
  'test/worker/jobs-budget.test.ts',
];

/**
 * The Worker inside workerd against real local D1, R2 and KV. `isolate: false` loads the Worker
 * once per workerd process and runs file after file in it on shared storage (README, Decisions:
 * test isolation); the whole-store files each get a fresh process and empty storage.
 */
function workerProject(name: string, isolate: boolean) {
  return {
    // The path aliases are tsconfig.json's, for both projects.
    resolve: { tsconfigPaths: true },
    // GET /v1/version answers what a build would write (build/build-info.ts).
    define: buildDefine(),
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // A database never migrated: a Worker deployed before its migrations ran (unavailable.ts);
          // and one the cards' migration test fills as the previous release left it, and one the
          // theme looks' migration test fills so.
          d1Databases: {
            ...extraCountingDatabases,
            UNMIGRATED: 'UNMIGRATED',
            PREVIOUS_RELEASE: 'PREVIOUS_RELEASE',
            // The logo's migration test fills its own, apart from the cards' one above.
            LOGO_PREVIOUS_RELEASE: 'LOGO_PREVIOUS_RELEASE',
            BEFORE_THEME_LOOKS: 'BEFORE_THEME_LOOKS',
            // The link kinds' migration test fills one as the release before 0024 left it.
            BEFORE_LINK_KINDS: 'BEFORE_LINK_KINDS',
            // The organisations' migration test fills one as the release before organisations left it.
            BEFORE_ORGANISATIONS: 'BEFORE_ORGANISATIONS',
            // The organisation templates' migration test fills one as the release before 0028 left it.
            BEFORE_ORG_TEMPLATES: 'BEFORE_ORG_TEMPLATES',
            // The saves of the contact's migration test fills a counting database as the release before 0002 left it.
            BEFORE_CONTACT_SAVES: 'BEFORE_CONTACT_SAVES',
            // The weekly sums' migration test fills a counting database as the release before 0003 left it.
            BEFORE_WEEKLY_SUMS: 'BEFORE_WEEKLY_SUMS',
          },
          bindings: {
            ENVIRONMENT: 'development',
            // The deployment's own name in the tests (test/worker/helpers.ts ORIGIN): any other host
            // is a card's domain or nothing (worker/middleware/host.ts).
            SITE_HOSTS: 'card.test',
            REQUIRE_ACTIVATION: 'false',
            // scrypt at N=2^10 instead of 2^15 for the hundreds of sign-ups (worker/lib/hashing.ts).
            TEST_PASSWORD_COST: '1024',
            // No card memo (worker/services/card-memo.ts): a test that edits a card sees it at once; test/worker/pages/card-memo.test.ts turns it on.
            CARD_MEMO_MS: '0',
            TEST_MIGRATIONS: migrations,
            TEST_COUNT_MIGRATIONS: countMigrations,
            // No line per successful request (worker/middleware/request-log.ts); the log's tests set 1.
            LOG_SAMPLE_RATE: '0',
          },
        },
      }),
    ],
    test: {
      name,
      isolate,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      include: isolate ? WHOLE_STORE_FILES : ['test/worker/**/*.test.ts'],
      exclude: isolate ? [] : WHOLE_STORE_FILES,
      setupFiles: ['./test/worker/setup.ts'],
      globalSetup: ['./test/worker/global-setup.ts', './test/worker/page-server.ts'],
    },
  };
}

/**
 * Web test files that need a copy of the app of their own, each with the reason. Every other web
 * file shares one page and one copy of the app with the files before it in its worker, and
 * setup.ts puts back what a test may leave behind.
 */
const OWN_APP_FILES = [
  // Replaces the activation dialog's module (vi.mock), which a shared copy has already loaded.
  'test/web/login-activation-slow.test.tsx',
  // Checks the moment before the crop dialog's code has arrived, which a shared copy has loaded.
  'test/web/crop-dialog-opening.test.tsx',
];

/**
 * The web app in a DOM (happy-dom). `isolate: false` loads React, the app and setup.ts once per
 * worker rather than once per file, which took most of the project's time; what the app keeps for
 * the life of a page (a router, a refresh under way, a cache) is forgotten after each test
 * (test/web/setup.ts), as a fresh page would. The files of OWN_APP_FILES each get a fresh one.
 */
function webProject(name: string, isolate: boolean) {
  return {
    plugins: [react()],
    resolve: { tsconfigPaths: true },
    test: {
      name,
      environment: 'happy-dom' as const,
      isolate,
      // A form typed key by key (a link, a phone number) or every compiled message formatted
      // takes a second or two here, and several times that on a shared machine: 5 s failed
      // there while nothing was wrong.
      testTimeout: 15_000,
      // The DOM never leaves this machine: following a link or opening a window does not load it.
      environmentOptions: {
        happyDOM: {
          settings: {
            disableJavaScriptFileLoading: true,
            disableCSSFileLoading: true,
            navigation: {
              disableMainFrameNavigation: true,
              disableChildFrameNavigation: true,
              disableChildPageNavigation: true,
            },
          },
        },
      },
      include: isolate ? OWN_APP_FILES : ['test/web/**/*.test.{ts,tsx}'],
      exclude: isolate ? [] : OWN_APP_FILES,
      setupFiles: ['./test/web/setup.ts'],
    },
  };
}

/**
 * Files that each take tens of seconds on 2 cores, longest first: they start the run, so that
 * while they go on the other slots work through the many short files, and the run does not end
 * waiting on one of them alone. A fresh clone has no timings from an earlier run, and Vitest would
 * order by project name, then by file size, which put the media files of `worker-storage` last.
 */
const LONG_FILES = [
  'test/scripts/admin.test.ts',
  'test/web/qr-image-reads.test.ts',
  'test/web/qr-logo-reads.test.ts',
  'test/worker/routes/media-pipeline.test.ts',
  'test/worker/jobs-budget.test.ts',
  'test/scripts/backup.test.ts',
  'test/worker/routes/media-crop.test.ts',
  'test/scripts/deploy.test.ts',
  'test/worker/services/events-drain.test.ts',
  'test/worker/routes/media-keys.test.ts',
];

/**
 * Then each project whole, the ones of one file a process first and the two that pass one process
 * (a workerd, a DOM with the app) from file to file last: a process is kept for the next file only
 * when that file is of the same project, so their files stay together, and their short files fill
 * the end of the run evenly.
 */
const PROJECT_ORDER = ['worker-storage', 'node', 'web-isolated', 'worker', 'web'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    // Within a project Vitest's own order: slowest first when it has timings, else largest first.
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const long = LONG_FILES.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      if (long !== -1) return long;
      return LONG_FILES.length + PROJECT_ORDER.indexOf(file.project.name);
    };
    return sorted
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}

// One config, five projects, all started by `npm test`: the Worker inside workerd (shared
// storage, and isolated storage for the whole-store files), the scripts in Node, and the web app
// in a DOM (one shared copy of the app, and a copy of their own for the few files that need it).
export default defineConfig({
  test: {
    // Vitest leaves one core free, which on a 2-core CI means one file at a time. The files spend
    // part of their time waiting (on storage, on a workerd starting, on child processes), so one
    // more file than cores keeps both busy: on 2 cores 4m27 with three, 4m40 with two.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongFilesFirst },
    // Every 4xx answer logs one warn line (worker/middleware/request-log.ts), and the tests send
    // hundreds on purpose; tests that care read the console themselves. Errors still print.
    onConsoleLog: (log: string) => !log.includes('"level":"warn"'),
    projects: [
      workerProject('worker', false),
      workerProject('worker-storage', true),
      // The scripts in Node (npm run deploy against stand-ins for wrangler, the API reference's
      // generator) and the shared code that needs no browser and no Worker (QR codes).
      {
        resolve: { tsconfigPaths: true },
        test: { name: 'node', environment: 'node', include: ['test/scripts/**/*.test.ts', 'test/shared/**/*.test.ts'] },
      },
      webProject('web', false),
      webProject('web-isolated', true),
    ],
  },
});
