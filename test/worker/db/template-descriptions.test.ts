import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SEED_TEMPLATES } from '../../../worker/db/seed';

// The seed only inserts missing rows, so a description changed in worker/db/seed.ts reaches a
// stored catalogue through a data migration (0012): run here on a row as first seeded.
const compact = SEED_TEMPLATES.find((template) => template.slug === 'compact')!;
const FIRST_SEEDED = 'One column with your photo, name and bio aligned to the right.';

const descriptionOf = async (id: number) =>
  (await env.DB.prepare('SELECT description FROM templates WHERE id = ?').bind(id).first<{ description: string }>())
    ?.description;

describe('the catalogue text migration', () => {
  it("brings a stored catalogue's Compact description to the seed's", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0012_template_descriptions'));
    expect(migration).toBeDefined();
    expect(await descriptionOf(compact.id)).toBe(compact.description);
    await env.DB.prepare('UPDATE templates SET description = ? WHERE id = ?').bind(FIRST_SEEDED, compact.id).run();
    try {
      for (const query of migration!.queries) await env.DB.prepare(query).run();
      expect(await descriptionOf(compact.id)).toBe(compact.description);
    } finally {
      await env.DB.prepare('UPDATE templates SET description = ? WHERE id = ?')
        .bind(compact.description, compact.id)
        .run();
    }
  });

  it('leaves a description an operator changed alone', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0012_template_descriptions'))!;
    await env.DB.prepare('UPDATE templates SET description = ? WHERE id = ?').bind('Our own words', compact.id).run();
    try {
      for (const query of migration.queries) await env.DB.prepare(query).run();
      expect(await descriptionOf(compact.id)).toBe('Our own words');
    } finally {
      await env.DB.prepare('UPDATE templates SET description = ? WHERE id = ?')
        .bind(compact.description, compact.id)
        .run();
    }
  });
});
