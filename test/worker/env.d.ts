/// <reference types="vite/types/import-meta.d.ts" />
import type { D1Migration } from 'cloudflare:test';
import type { Bindings } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      TEST_COUNT_MIGRATIONS: D1Migration[];
      /** A D1 database the setup never migrates. */
      UNMIGRATED: D1Database;
      /** A D1 database migrated only as far as the previous release, by test/worker/db/cards-migration.test.ts alone. */
      PREVIOUS_RELEASE: D1Database;
      LOGO_PREVIOUS_RELEASE: D1Database;
      /** One migrated as far as the release before 0019, by test/worker/db/theme-looks-migration.test.ts alone. */
      BEFORE_THEME_LOOKS: D1Database;
      /** One migrated as far as the release before 0024, by test/worker/db/link-kinds-migration.test.ts alone. */
      BEFORE_LINK_KINDS: D1Database;
      BEFORE_ORGANISATIONS: D1Database;
      /** One migrated as far as the release before 0028, by test/worker/orgs/org-templates-migration.test.ts alone. */
      BEFORE_ORG_TEMPLATES: D1Database;
      /** A counting database migrated only as far as the release before migrations-counts/0002, by test/worker/db/contact-saves-migration.test.ts alone. */
      BEFORE_CONTACT_SAVES: D1Database;
      /** A counting database migrated only as far as the release before migrations-counts/0003, by test/worker/db/weekly-sums-migration.test.ts alone. */
      BEFORE_WEEKLY_SUMS: D1Database;
    }
  }
}
