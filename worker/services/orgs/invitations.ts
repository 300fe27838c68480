import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { RESERVED_USERNAMES, USERNAME_MAX } from '@shared/constants';
import { INVITE_ROWS_MAX } from '@shared/schemas/orgs-bodies';
import { cards, usernameHolds, users } from '../../db/schema';
import { orgInvitations, orgMembers, organisations } from '../../db/schema/orgs';
import type { Bindings, Db } from '../../env';
import { readCsv } from '../../lib/csv-read';
import { AppError, invalid, notFound } from '../../lib/errors';
import { auditEntry, orgOfMemberOrThrow, type OrgRow } from './access';
import { seatsUsed } from './orgs';
import { bodies, parts } from './parts';
import { followStatements, followTemplate, readTemplate } from './template';

// Invitations (docs/product.md §2, Organisations): each makes a work card, held by the
// organisation's own account and private until its invitee claims it. One open invitation per
// address and organisation (a unique index), so a file sent twice invites nobody twice.

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_INVALID = 'This invitation is not valid any more: ask for a new one';
export const OTHER_ADDRESS =
  'This invitation was sent to another e-mail address: sign in with that address to claim it';
export const SEATS_FULL = 'The organisation has no free seat: ask its owner for more';
export const ALREADY_MEMBER = 'You are a member of this organisation already';

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
async function alreadyThere(db: Db, org: OrgRow, emails: string[]) {
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

/** A free username for an invitee's card: the address's name and the organisation's, then a suffix. */
async function usernamesFor(db: Db, org: OrgRow, invitees: Invitee[]) {
  const wanted = invitees.map((invitee) => {
    const local = invitee.email
      .split('@')[0]!
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24);
    return `${local || 'card'}-${org.slug}`.slice(0, USERNAME_MAX - 5);
  });
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += 45) {
    const chunk = wanted.slice(i, i + 45);
    const rows = [
      ...(await db.select({ u: cards.username }).from(cards).where(inArray(cards.username, chunk)).all()),
      ...(await db
        .select({ u: usernameHolds.username })
        .from(usernameHolds)
        .where(inArray(usernameHolds.username, chunk))
        .all()),
    ];
    for (const row of rows) taken.add(row.u);
  }
  return wanted.map((name) => {
    let chosen = name;
    while (taken.has(chosen) || RESERVED_USERNAMES.has(chosen) || chosen.length < 3)
      chosen = `${name}-${Math.random().toString(36).slice(2, 6)}`;
    taken.add(chosen);
    return chosen;
  });
}

type Origin = { origin: string; shards: number };

/**
 * Invites these addresses: skips those already invited or members, makes each new one's
 * invitation and work card in batches (the invitation first: the unique index decides a race,
 * and a card is made only for an invitation that was), then sends each one mail.
 */
export async function invite(
  db: Db,
  env: Bindings,
  org: OrgRow,
  accountId: string,
  invitees: Invitee[],
  where: Origin,
  now = Date.now(),
) {
  const already = await alreadyThere(
    db,
    org,
    invitees.map((invitee) => invitee.email),
  );
  const fresh = invitees.filter((invitee) => !already.has(invitee.email));
  const usernames = await usernamesFor(db, org, fresh);
  const { randomToken, sha256, shardForNewCard, defaultCatalogueIds } = parts();
  const { themeId, templateId } = await defaultCatalogueIds(db);
  // The new cards are made from the organisation's template, in the batch that makes them.
  const template = await readTemplate(db, org.id);
  const made: { id: string; email: string; token: string; username: string }[] = [];
  for (let i = 0; i < fresh.length; i += 50) {
    const chunk = fresh.slice(i, i + 50).map((invitee, index) => ({
      invitee,
      id: crypto.randomUUID(),
      cardId: crypto.randomUUID(),
      token: randomToken(),
      username: usernames[i + index]!,
    }));
    const hashes = await Promise.all(chunk.map((item) => sha256(item.token)));
    const inserted = await db.batch(
      chunk.map((item, index) =>
        db
          .insert(orgInvitations)
          .values({
            id: item.id,
            orgId: org.id,
            email: item.invitee.email,
            cardId: item.cardId,
            tokenHash: hashes[index]!,
            invitedBy: accountId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: orgInvitations.id }),
      ) as [never, ...never[]],
    );
    const kept = chunk.filter((_, index) => (inserted[index] as unknown as unknown[]).length > 0);
    if (kept.length === 0) continue;
    const [firstCard, ...restCards] = kept.map((item) =>
      db.insert(cards).values({
        id: item.cardId,
        userId: org.holderId,
        username: item.username,
        name: item.invitee.name,
        jobTitle: item.invitee.jobTitle,
        company: org.name,
        phone: item.invitee.phone,
        location: item.invitee.location,
        // Private until claimed: visitors see nothing of a card nobody holds yet.
        isActive: false,
        themeId,
        templateId,
        countShard: shardForNewCard(item.cardId, where.shards),
        orgId: org.id,
        createdAt: now,
        updatedAt: now,
      }),
    );
    const ids = kept.map((item) => item.cardId);
    await db.batch([
      firstCard!,
      ...restCards,
      ...(template ? followStatements(db, template, and(eq(cards.orgId, org.id), inArray(cards.id, ids))!, now) : []),
      ...kept.map((item) =>
        auditEntry(
          db,
          {
            orgId: org.id,
            actorId: accountId,
            action: 'member.invited',
            subject: item.invitee.email,
            detail: { card: item.cardId },
          },
          now,
        ),
      ),
    ]);
    made.push(
      ...kept.map((item) => ({ id: item.id, email: item.invitee.email, token: item.token, username: item.username })),
    );
  }
  await sendInvitations(db, env, org, accountId, made, where.origin, now);
  const rows = made.length
    ? await db
        .select()
        .from(orgInvitations)
        .where(
          inArray(
            orgInvitations.id,
            made.slice(0, 100).map((m) => m.id),
          ),
        )
        .all()
    : [];
  return { invited: made.length, already: invitees.length - made.length, invitations: rows.map(serializeInvitation) };
}

/**
 * One mail per invitation, in the inviting admin's language; `sent_at` and `sends` say what went.
 * A failed send is logged and left owed: 'Resend' sends it (docs/decisions/0104-organisations.md).
 */
async function sendInvitations(
  db: Db,
  env: Bindings,
  org: OrgRow,
  accountId: string,
  items: { id: string; email: string; token: string; username: string }[],
  origin: string,
  now: number,
) {
  if (items.length === 0) return;
  const { loadLanguage, mailer: mailerOf, accountLanguageOf } = parts();
  const row = await db.get<{ language: Parameters<typeof loadLanguage>[0] }>(
    sql`SELECT ${accountLanguageOf(accountId)} AS language`,
  );
  const t = await loadLanguage(row?.language ?? 'en');
  const mailer = mailerOf(env, db);
  for (const item of items) {
    try {
      await mailer.send({
        to: item.email,
        subject: t('mail.org_invite_subject', { org: org.name }),
        text: t('mail.org_invite_text', {
          org: org.name,
          email: item.email,
          card: `${origin}/p/${item.username}`,
          url: `${origin}/dashboard/claim?token=${item.token}`,
        }),
      });
      await db
        .update(orgInvitations)
        .set({ sentAt: now, sends: sql`${orgInvitations.sends} + 1`, updatedAt: now })
        .where(eq(orgInvitations.id, item.id));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', job: 'org_invite', invitation: item.id, message: String(error) }));
    }
  }
}

export const serializeInvitation = (row: typeof orgInvitations.$inferSelect) => ({
  id: row.id,
  email: row.email,
  status: row.status,
  card_id: row.cardId,
  sends: row.sends,
  sent_at: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
  created_at: new Date(row.createdAt).toISOString(),
});

export async function listInvitations(db: Db, orgId: string, accountId: string) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const rows = await db
    .select()
    .from(orgInvitations)
    .where(eq(orgInvitations.orgId, org.id))
    .orderBy(desc(orgInvitations.createdAt))
    .limit(1000)
    .all();
  return rows.map(serializeInvitation);
}

async function pendingOrThrow(db: Db, org: OrgRow, id: string) {
  const row = await db
    .select()
    .from(orgInvitations)
    .where(and(eq(orgInvitations.id, id), eq(orgInvitations.orgId, org.id), eq(orgInvitations.status, 'pending')))
    .get();
  if (!row) throw notFound(INVITATION_NOT_FOUND);
  return row;
}

/** Sends the mail again, with a new secret: the one before stops working. */
export async function resendInvitation(
  db: Db,
  env: Bindings,
  orgId: string,
  accountId: string,
  id: string,
  origin: string,
  now = Date.now(),
) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const row = await pendingOrThrow(db, org, id);
  const { randomToken, sha256 } = parts();
  const token = randomToken();
  const card = await db
    .select({ username: cards.username })
    .from(cards)
    .where(eq(cards.id, row.cardId ?? ''))
    .get();
  await db.batch([
    db
      .update(orgInvitations)
      .set({ tokenHash: await sha256(token), updatedAt: now })
      .where(eq(orgInvitations.id, row.id)),
    auditEntry(db, { orgId: org.id, actorId: accountId, action: 'member.invitation_resent', subject: row.email }, now),
  ]);
  await sendInvitations(
    db,
    env,
    org,
    accountId,
    [{ id: row.id, email: row.email, token, username: card?.username ?? '' }],
    origin,
    now,
  );
  return serializeInvitation((await db.select().from(orgInvitations).where(eq(orgInvitations.id, row.id)).get())!);
}

/** Withdraws a pending invitation; the card made for it goes (nobody ever held it). */
export async function withdrawInvitation(db: Db, orgId: string, accountId: string, id: string, now = Date.now()) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const row = await pendingOrThrow(db, org, id);
  await db.batch([
    db
      .update(orgInvitations)
      .set({ status: 'withdrawn', cardId: null, updatedAt: now })
      .where(and(eq(orgInvitations.id, row.id), eq(orgInvitations.status, 'pending'))),
    db.delete(cards).where(and(eq(cards.id, row.cardId ?? ''), eq(cards.userId, org.holderId))),
    auditEntry(
      db,
      { orgId: org.id, actorId: accountId, action: 'member.invitation_withdrawn', subject: row.email },
      now,
    ),
  ]);
}

/** The seat check, inside the statement that hands the card over, so parallel claims cannot pass it. */
const seatFree = (org: OrgRow) => sql`${seatsUsed(org)} < (SELECT seats FROM ${organisations} WHERE id = ${org.id})`;

/**
 * The invitee, signed in with the invited address, takes the card made for them: it becomes
 * theirs and public, and they a member.
 */
export async function claimInvitation(db: Db, accountId: string, token: string, now = Date.now()) {
  const { sha256 } = parts();
  const row = await db
    .select({ invitation: orgInvitations, org: organisations })
    .from(orgInvitations)
    .innerJoin(organisations, eq(organisations.id, orgInvitations.orgId))
    .where(and(eq(orgInvitations.tokenHash, await sha256(token)), eq(orgInvitations.status, 'pending')))
    .get();
  if (!row) throw notFound(INVITATION_INVALID);
  const account = await db.select({ email: users.email }).from(users).where(eq(users.id, accountId)).get();
  if (account?.email !== row.invitation.email) throw new AppError(403, OTHER_ADDRESS);
  const { invitation, org } = row;
  const [taken] = await db.batch([
    db
      .update(cards)
      .set({ userId: accountId, isActive: true, updatedAt: now })
      .where(and(eq(cards.id, invitation.cardId ?? ''), eq(cards.userId, org.holderId), seatFree(org))),
  ]);
  if (taken.meta.changes === 0) throw new AppError(409, SEATS_FULL);
  await db.batch([
    db
      .insert(orgMembers)
      .values({ orgId: org.id, userId: accountId, role: 'member', joinedAt: now })
      .onConflictDoNothing(),
    db
      .update(orgInvitations)
      .set({ status: 'claimed', claimedBy: accountId, updatedAt: now })
      .where(eq(orgInvitations.id, invitation.id)),
    auditEntry(
      db,
      {
        orgId: org.id,
        actorId: accountId,
        action: 'member.joined',
        subject: invitation.email,
        detail: { card: invitation.cardId, by: 'invitation' },
      },
      now,
    ),
  ]);
  return { orgId: org.id, cardId: invitation.cardId! };
}

/** Turns the invite link on (a new secret, the old link stops) or off. Answers the link's secret. */
export async function setInviteLink(db: Db, orgId: string, accountId: string, on: boolean, now = Date.now()) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const { randomToken, sha256 } = parts();
  const token = on ? `${org.id}.${randomToken()}` : null;
  await db.batch([
    db
      .update(organisations)
      .set({ inviteLinkHash: token ? await sha256(token) : null, updatedAt: now })
      .where(eq(organisations.id, org.id)),
    auditEntry(db, { orgId: org.id, actorId: accountId, action: on ? 'invite_link.on' : 'invite_link.off' }, now),
  ]);
  return token;
}

/** Joining by the invite link: a member, with a new work card of the organisation under the chosen username. */
export async function joinByLink(
  db: Db,
  accountId: string,
  body: { token: string; username: string },
  shards: number,
  now = Date.now(),
) {
  const { sha256, isUsernameTaken, USERNAME_TAKEN, defaultCatalogueIds, shardForNewCard, accountLanguageOf } = parts();
  const org = await db
    .select()
    .from(organisations)
    .where(eq(organisations.inviteLinkHash, await sha256(body.token)))
    .get();
  if (!org) throw notFound('This invite link is turned off or not valid');
  const member = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, accountId)))
    .get();
  if (member) throw new AppError(409, ALREADY_MEMBER);
  if (await isUsernameTaken(db, body.username)) throw invalid({ username: [USERNAME_TAKEN] });
  const { themeId, templateId } = await defaultCatalogueIds(db);
  const id = crypto.randomUUID();
  const name = await db.get<{ name: string }>(
    sql`SELECT coalesce((SELECT name FROM cards WHERE user_id = ${accountId} AND is_primary = 1), '') AS name`,
  );
  const made = await db.all<{ id: string }>(sql`
    INSERT INTO ${cards} (id, user_id, is_primary, username, name, company, language, theme_id, template_id, count_shard, org_id, created_at, updated_at)
    SELECT ${id}, ${accountId}, 0, ${body.username}, ${name?.name ?? ''}, ${org.name}, ${accountLanguageOf(accountId)},
      ${themeId}, ${templateId}, ${shardForNewCard(id, shards)}, ${org.id}, ${now}, ${now}
    WHERE ${seatFree(org)}
    RETURNING id`);
  if (made.length === 0) throw new AppError(409, SEATS_FULL);
  await db.batch([
    db
      .insert(orgMembers)
      .values({ orgId: org.id, userId: accountId, role: 'member', joinedAt: now })
      .onConflictDoNothing(),
    auditEntry(
      db,
      {
        orgId: org.id,
        actorId: accountId,
        action: 'member.joined',
        subject: accountId,
        detail: { card: id, by: 'link' },
      },
      now,
    ),
  ]);
  await followTemplate(db, org.id, [id], now);
  return { orgId: org.id, cardId: id };
}
