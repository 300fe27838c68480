import { sql } from 'drizzle-orm';
import type { AdminOrg } from '@shared/schemas/admin-orgs';
import type { Db } from '../../env';

/** The console shows at most this many, newest first. */
export const ADMIN_ORGS_MAX = 500;

type Row = {
  id: string;
  name: string;
  slug: string;
  seats: number;
  created_at: number;
  owner_id: string | null;
  owner_email: string | null;
  owner_name: string | null;
  members: number;
  cards: number;
};

/** Every organisation with its owner, members and work cards, counted in one read. */
export async function listOrgs(db: Db): Promise<AdminOrg[]> {
  const rows = await db.all<Row>(sql`
    SELECT o.id, o.name, o.slug, o.seats, o.created_at,
      m.user_id AS owner_id, u.email AS owner_email,
      (SELECT c.name FROM cards c WHERE c.user_id = m.user_id AND c.is_primary = 1) AS owner_name,
      (SELECT count(*) FROM org_members x WHERE x.org_id = o.id) AS members,
      (SELECT count(*) FROM cards c WHERE c.org_id = o.id) AS cards
    FROM organisations o
    LEFT JOIN org_members m ON m.org_id = o.id AND m.role = 'owner'
    LEFT JOIN users u ON u.id = m.user_id
    ORDER BY o.created_at DESC, o.id
    LIMIT ${ADMIN_ORGS_MAX}`);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    owner: row.owner_id ? { id: row.owner_id, email: row.owner_email ?? '', name: row.owner_name ?? '' } : null,
    members: row.members,
    cards: row.cards,
    seats: row.seats,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
