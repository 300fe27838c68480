import { and, eq, inArray, ne } from 'drizzle-orm';
import { INVITE_ROWS_MAX } from '@shared/schemas/orgs-bodies';
import { users } from '../../db/schema';
import { orgInvitations, orgMembers } from '../../db/schema/orgs';
import type { Db } from '../../env';
import { readCsv } from '../../lib/csv-read';
import { invalid } from '../../lib/errors';
import { orgOfMemberOrThrow, type OrgRow } from './access';
import { bodies, parts } from './parts';

// An invitation file (docs/product.md §2, Organisations): each row checked before anything is
// sent, and the preview of what sending it would do. Sending is invitations.ts's.

export type Invitee = { email: string; name: string; jobTitle: string; phone: string; location: string };
type Problem = { line: number; email: string; problems: string[] };

const COLUMNS: Record<string, keyof Invitee> = {
  email: 'email',
  'e-mail': 'email',
  name: 'name',
  'job title': 'jobTitle',
  job_title: 'jobTitle',
  title: 'jobTitle',
  phone: 'phone',
  location: 'location',
};

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : [result.error!.issues[0]!.message];

/** Every row of the file checked, none sent: the rows to invite and every row's problems. */
export async function checkCsv(text: string) {
  const { emailField, jobTitleField, locationField, phoneField } = parts();
  const { inviteeSchema } = bodies();
  const records = readCsv(text);
  const header = records.shift();
  const columns = (header?.fields ?? []).map((name) => COLUMNS[name.trim().toLowerCase()]);
  if (!columns.includes('email'))
    throw invalid({ csv: ['The first line must name the columns, with an "email" column'] });
  if (records.length === 0) throw invalid({ csv: ['The file has no rows under its header'] });
  if (records.length > INVITE_ROWS_MAX)
    throw invalid({ csv: [`The file has ${records.length} rows; at most ${INVITE_ROWS_MAX} can be sent at once`] });
  const rows: (Invitee & { line: number })[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records) {
    const raw: Record<string, string> = {};
    columns.forEach((column, index) => {
      if (column) raw[column] = fields[index] ?? '';
    });
    const email = emailField().safeParse(raw.email ?? '');
    const name = inviteeSchema.shape.name.safeParse(raw.name ?? '');
    const jobTitle = jobTitleField.safeParse(raw.jobTitle ?? '');
    const location = locationField.safeParse(raw.location ?? '');
    const phone = await phoneField.safeParseAsync(raw.phone ?? '');
    const found = [...first(email), ...first(name), ...first(jobTitle), ...first(phone), ...first(location)];
    if (email.success) {
      const before = seen.get(email.data);
      if (before !== undefined) found.push(`This address is on line ${before} already`);
      else seen.set(email.data, line);
    }
    if (found.length > 0) problems.push({ line, email: (raw.email ?? '').trim(), problems: found });
    else
      rows.push({
        line,
        email: email.data!,
        name: name.data ?? '',
        jobTitle: jobTitle.data!,
        phone: phone.data!,
        location: location.data!,
      });
  }
  return { rows, problems, total: records.length };
}

/** The addresses among these already invited (an open invitation) or a member here. */
export async function alreadyThere(db: Db, org: OrgRow, emails: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 90) {
    const chunk = emails.slice(i, i + 90);
    const invited = await db
      .select({ email: orgInvitations.email })
      .from(orgInvitations)
      .where(
        and(
          eq(orgInvitations.orgId, org.id),
          ne(orgInvitations.status, 'withdrawn'),
          inArray(orgInvitations.email, chunk),
        ),
      )
      .all();
    const members = await db
      .select({ email: users.email })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.orgId, org.id), inArray(users.email, chunk)))
      .all();
    for (const row of [...invited, ...members]) found.add(row.email);
  }
  return found;
}

/** The preview of a file: what sending it would do, and each row's problem. Nothing is written. */
export async function previewCsv(db: Db, orgId: string, accountId: string, text: string) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const { rows, problems, total } = await checkCsv(text);
  const already = await alreadyThere(
    db,
    org,
    rows.map((row) => row.email),
  );
  return { rows: total, new: rows.length - already.size, already: already.size, problems };
}
