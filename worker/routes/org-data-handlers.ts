import type { Context } from 'hono';
import type { z } from 'zod';
import type { Answer } from '@shared/schemas/responses';
import {
  orgAnalyticsQuery,
  type orgAnalyticsResponse,
  orgContactsQuery,
  type orgContactsResponse,
} from '@shared/schemas/org-data';
import { ORG_NOT_FOUND } from '@shared/schemas/orgs-bodies';
import type { AppEnv } from '../env';
import { invalid, notFound } from '../lib/errors';
import { auditAnalyticsExport, exportOrgContacts, listOrgContacts, orgAnalytics } from '../services/orgs/data';
import { parts } from '../services/orgs/parts';

// The handlers of an organisation's contacts and analytics (routes/orgs.ts), loaded on first use.

type C = Context<AppEnv>;

export { setOrgParts } from '../services/orgs/parts';

/** The query string as lib/validate.ts reads it: a parameter given twice is a list, which the schema refuses. */
async function query<S extends z.ZodType>(c: C, schema: S): Promise<z.output<S>> {
  const value = Object.fromEntries(
    Object.entries(c.req.queries()).map(([key, list]) => [key, list.length === 1 ? list[0] : list]),
  );
  const result = await schema.safeParseAsync(value);
  if (!result.success) throw invalid(parts().toFieldErrors(result.error));
  return result.data;
}

/** A path id longer than any stored names nothing: the same 404 as a missing one. */
const orgIdOf = (c: C) => {
  const value = c.req.param('orgId') ?? '';
  if (value.length === 0 || value.length > 64) throw notFound(ORG_NOT_FOUND);
  return value;
};

/** A download the browser saves under `name`; never cached, it holds other people's details. */
const download = (body: string, type: string, name: string) =>
  new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });

export const contacts = async (c: C) => {
  const orgId = orgIdOf(c);
  const q = await query(c, orgContactsQuery);
  const data = await listOrgContacts(c.var.db, orgId, c.var.userId, q);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ success: true, data, message: 'Contacts retrieved successfully' } satisfies Answer<
    typeof orgContactsResponse
  >);
};

const CONTACTS_HEADER = ['Name', 'Email', 'Phone', 'Company', 'Note', 'Shared at', 'Card', 'Member'];

export const contactsCsv = async (c: C) => {
  const { csvLine, CSV_BOM } = parts();
  const rows = await exportOrgContacts(c.var.db, orgIdOf(c), c.var.userId, 'csv');
  const lines = rows.map((row) =>
    csvLine([
      row.name,
      row.email,
      row.phone,
      row.company,
      row.note,
      new Date(row.createdAt).toISOString(),
      row.username,
      row.holder?.email ?? '',
    ]),
  );
  return download(
    `${CSV_BOM}${csvLine(CONTACTS_HEADER)}${lines.join('')}`,
    'text/csv; charset=utf-8',
    'organisation-contacts.csv',
  );
};

export const contactsVcf = async (c: C) => {
  const rows = await exportOrgContacts(c.var.db, orgIdOf(c), c.var.userId, 'vcf');
  return download(parts().contactsVCard(rows), 'text/vcard; charset=utf-8', 'organisation-contacts.vcf');
};

export const analytics = async (c: C) => {
  const orgId = orgIdOf(c);
  const { range } = await query(c, orgAnalyticsQuery);
  const data = await orgAnalytics(c.env, c.var.db, orgId, c.var.userId, range);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ success: true, data, message: 'Analytics retrieved successfully' } satisfies Answer<
    typeof orgAnalyticsResponse
  >);
};

const ANALYTICS_HEADER = [
  'Card',
  'Name',
  'Member',
  'State',
  'Views',
  'Unique visitors',
  'Link clicks',
  'Saves of the contact',
  'Contacts',
];

export const analyticsCsv = async (c: C) => {
  const { csvLine, CSV_BOM } = parts();
  const orgId = orgIdOf(c);
  const { range } = await query(c, orgAnalyticsQuery);
  const data = await orgAnalytics(c.env, c.var.db, orgId, c.var.userId, range);
  await auditAnalyticsExport(c.var.db, orgId, c.var.userId, range);
  const lines = data.cards.map((row) =>
    csvLine([
      row.card.username,
      row.card.name,
      row.member?.email ?? '',
      row.state,
      row.views,
      row.unique_visitors,
      row.link_clicks,
      row.contact_saves,
      row.contacts,
    ]),
  );
  const { total } = data;
  const sum = csvLine([
    '',
    'Total',
    '',
    '',
    total.views,
    total.unique_visitors,
    total.link_clicks,
    total.contact_saves,
    total.contacts,
  ]);
  return download(
    `${CSV_BOM}${csvLine(ANALYTICS_HEADER)}${lines.join('')}${sum}`,
    'text/csv; charset=utf-8',
    `organisation-analytics-${range}.csv`,
  );
};
