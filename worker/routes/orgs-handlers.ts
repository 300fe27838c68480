import type { Context } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import type {
  auditResponse,
  csvPreviewResponse,
  invitationResponse,
  invitationsResponse,
  inviteLinkResponse,
  inviteResultResponse,
  orgMembersResponse,
  orgResponse,
  orgsResponse,
  workCardsResponse,
} from '@shared/schemas/orgs';
import { ORG_NOT_FOUND } from '@shared/schemas/orgs-bodies';
import type { AppEnv } from '../env';
import { AppError, notFound } from '../lib/errors';
import { readBody } from './orgs-body';
import { orgOfMemberOrThrow } from '../services/orgs/access';
import { bodies, parts } from '../services/orgs/parts';
import { checkCsv, previewCsv as previewOf } from '../services/orgs/invitation-csv';
import { claimInvitation, joinByLink, setInviteLink } from '../services/orgs/invitation-claim';
import { invite, listInvitations, resendInvitation, withdrawInvitation } from '../services/orgs/invitations';
import { deleteWorkCard, leaveOrg, reassignCard, removeMember } from '../services/orgs/leaving';
import {
  changeRole,
  createOrg,
  listAudit,
  listMembers,
  listOrgs,
  listWorkCards,
  serializeOrg,
  transferOwner,
  updateOrg,
} from '../services/orgs/orgs';

// The handlers of /v1/orgs (routes/orgs.ts), loaded on first use. Bodies are checked as
// lib/validate.ts's `validate` does (the same answers: 415, 400, 422 with the field messages).

type C = Context<AppEnv>;

export { setOrgParts } from '../services/orgs/parts';
// The template's handlers, loaded with these (routes/orgs.ts names them all in one place).
export { deleteLogo, getTemplate, postLogo, postTemplateBackground, putTemplate } from './org-template-handlers';

const body = readBody;

/** A path id longer than any stored names nothing: the same 404 as a missing one. */
const param = (c: C, name: string, message = ORG_NOT_FOUND) => {
  const value = c.req.param(name) ?? '';
  if (value.length === 0 || value.length > 64) throw notFound(message);
  return value;
};
const origin = (c: C) => new URL(c.req.url).origin;
const where = (c: C) => ({ origin: origin(c), shards: parts().countShards(c.env).length });

const orgAnswer = async (c: C, orgId: string, message: string, status: 200 | 201 = 200) => {
  const { org, role } = await orgOfMemberOrThrow(c.var.db, orgId, c.var.userId);
  return c.json(
    { success: true, data: await serializeOrg(c.var.db, org, role), message } satisfies Answer<typeof orgResponse>,
    status,
  );
};
const done = (c: C, message: string) => c.json({ success: true, message } satisfies Answer<typeof messageResponse>);

export const list = async (c: C) =>
  c.json({ success: true, data: await listOrgs(c.var.db, c.var.userId) } satisfies Answer<typeof orgsResponse>);

export const create = async (c: C) => {
  const { org } = await createOrg(c.var.db, c.var.userId, await body(c, bodies().orgCreateBody));
  return orgAnswer(c, org.id, 'Organisation created', 201);
};

export const get = async (c: C) => orgAnswer(c, param(c, 'orgId'), 'Organisation retrieved');

export const update = async (c: C) => {
  const orgId = param(c, 'orgId');
  await updateOrg(c.var.db, orgId, c.var.userId, await body(c, bodies().orgUpdateBody));
  return orgAnswer(c, orgId, 'Organisation saved');
};

export const transfer = async (c: C) => {
  const orgId = param(c, 'orgId');
  await transferOwner(c.var.db, orgId, c.var.userId, (await body(c, bodies().orgOwnerBody)).user_id);
  return orgAnswer(c, orgId, 'The organisation has a new owner; you are an admin');
};

export const leave = async (c: C) => {
  await leaveOrg(c.var.db, param(c, 'orgId'), c.var.userId);
  return done(c, 'You left the organisation; your work card stays with it');
};

export const members = async (c: C) =>
  c.json({
    success: true,
    data: await listMembers(c.var.db, param(c, 'orgId'), c.var.userId),
  } satisfies Answer<typeof orgMembersResponse>);

export const role = async (c: C) => {
  const orgId = param(c, 'orgId');
  const { role: next } = await body(c, bodies().orgRoleBody);
  await changeRole(
    c.var.db,
    orgId,
    c.var.userId,
    param(c, 'userId', 'This account is not a member of the organisation'),
    next,
  );
  return done(c, 'Role changed');
};

export const remove = async (c: C) => {
  await removeMember(
    c.var.db,
    param(c, 'orgId'),
    c.var.userId,
    param(c, 'userId', 'This account is not a member of the organisation'),
  );
  return done(c, 'Member removed; their work card is paused');
};

export const cards = async (c: C) =>
  c.json({
    success: true,
    data: await listWorkCards(c.var.db, origin(c), param(c, 'orgId'), c.var.userId),
  } satisfies Answer<typeof workCardsResponse>);

export const reassign = async (c: C) => {
  const orgId = param(c, 'orgId');
  const cardId = param(c, 'cardId', 'Work card not found');
  await reassignCard(c.var.db, orgId, c.var.userId, cardId, await body(c, bodies().reassignBody));
  return done(c, 'Card reassigned');
};

export const deleteCard = async (c: C) => {
  await deleteWorkCard(c.var.db, c.env, param(c, 'orgId'), c.var.userId, param(c, 'cardId', 'Work card not found'));
  return done(c, 'Work card deleted');
};

export const invitations = async (c: C) =>
  c.json({
    success: true,
    data: await listInvitations(c.var.db, param(c, 'orgId'), c.var.userId),
  } satisfies Answer<typeof invitationsResponse>);

const inviteAnswer = (c: C, result: Awaited<ReturnType<typeof invite>>) =>
  c.json(
    {
      success: true,
      data: result,
      message: `${result.invited} invited; ${result.already} already invited or members`,
    } satisfies Answer<typeof inviteResultResponse>,
    201,
  );

export const inviteEmails = async (c: C) => {
  const { emails } = await body(c, bodies().inviteEmailsBody);
  const { org } = await orgOfMemberOrThrow(c.var.db, param(c, 'orgId'), c.var.userId, 'admin');
  const invitees = [...new Set(emails)].map((email) => ({ email, name: '', jobTitle: '', phone: '', location: '' }));
  return inviteAnswer(c, await invite(c.var.db, c.env, org, c.var.userId, invitees, where(c)));
};

export const previewCsv = async (c: C) => {
  const { csv } = await body(c, bodies().inviteCsvBody);
  return c.json({
    success: true,
    data: await previewOf(c.var.db, param(c, 'orgId'), c.var.userId, csv),
  } satisfies Answer<typeof csvPreviewResponse>);
};

/** The whole file is checked first: one row with a problem, and nothing is sent. */
export const inviteCsv = async (c: C) => {
  const { csv } = await body(c, bodies().inviteCsvBody);
  const { org } = await orgOfMemberOrThrow(c.var.db, param(c, 'orgId'), c.var.userId, 'admin');
  const { rows, problems } = await checkCsv(csv);
  if (problems.length > 0) {
    const errors = Object.fromEntries(problems.map((row) => [`line ${row.line}`, row.problems]));
    throw new AppError(
      422,
      `${problems.length} rows have problems; nobody was invited. Correct them and send the file again.`,
      errors,
    );
  }
  return inviteAnswer(c, await invite(c.var.db, c.env, org, c.var.userId, rows, where(c)));
};

export const resend = async (c: C) =>
  c.json({
    success: true,
    data: await resendInvitation(
      c.var.db,
      c.env,
      param(c, 'orgId'),
      c.var.userId,
      param(c, 'id', 'Invitation not found'),
      origin(c),
    ),
    message: 'Invitation sent again',
  } satisfies Answer<typeof invitationResponse>);

export const withdraw = async (c: C) => {
  await withdrawInvitation(c.var.db, param(c, 'orgId'), c.var.userId, param(c, 'id', 'Invitation not found'));
  return done(c, 'Invitation withdrawn');
};

export const claim = async (c: C) => {
  const { orgId } = await claimInvitation(c.var.db, c.var.userId, (await body(c, bodies().claimBody)).token);
  return orgAnswer(c, orgId, 'Welcome: the work card is yours');
};

export const join = async (c: C) => {
  const { orgId } = await joinByLink(
    c.var.db,
    c.var.userId,
    await body(c, bodies().joinBody),
    parts().countShards(c.env).length,
  );
  return orgAnswer(c, orgId, 'Welcome: your work card is made', 201);
};

export const linkOn = async (c: C) => {
  const token = await setInviteLink(c.var.db, param(c, 'orgId'), c.var.userId, true);
  return c.json({
    success: true,
    data: { url: `${origin(c)}/dashboard/join?token=${encodeURIComponent(token!)}` },
    message: 'Invite link on; the link before no longer works',
  } satisfies Answer<typeof inviteLinkResponse>);
};

export const linkOff = async (c: C) => {
  await setInviteLink(c.var.db, param(c, 'orgId'), c.var.userId, false);
  return done(c, 'Invite link off');
};

export const audit = async (c: C) =>
  c.json({ success: true, data: await listAudit(c.var.db, param(c, 'orgId'), c.var.userId) } satisfies Answer<
    typeof auditResponse
  >);
