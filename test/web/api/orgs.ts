import { http } from 'msw';
import {
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
  type Org,
} from '@shared/schemas/orgs';
import type { z } from 'zod';
import type { auditEntrySchema, invitationSchema, orgMemberSchema, workCardSchema } from '@shared/schemas/orgs';
import { answer, done, failure } from './answer';

type Member = z.infer<typeof orgMemberSchema>;
type WorkCard = z.infer<typeof workCardSchema>;
type Invitation = z.infer<typeof invitationSchema>;
type AuditEntry = z.infer<typeof auditEntrySchema>;

const AT = '2026-11-20T09:30:00.000Z';

export const anOrg = (overrides: Partial<Org> = {}): Org => ({
  id: 'org-1',
  name: 'Acme Ltd',
  slug: 'acme',
  role: 'owner',
  seats: 25,
  seats_used: 1,
  moved_on_url: '',
  invite_link: false,
  created_at: AT,
  ...overrides,
});

export const aMember = (overrides: Partial<Member> = {}): Member => ({
  user_id: 'acc-jane',
  name: 'Jane Doe',
  email: 'jane@example.com',
  role: 'owner',
  joined_at: AT,
  card_id: null,
  ...overrides,
});

export const aWorkCard = (overrides: Partial<WorkCard> = {}): WorkCard => ({
  id: 'wc-1',
  username: 'ada-acme',
  name: 'Ada Lovelace',
  state: 'held',
  holder_id: 'acc-ada',
  url: 'http://localhost/p/ada-acme',
  ...overrides,
});

export const anInvitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 'inv-1',
  email: 'grace@example.com',
  status: 'pending',
  card_id: 'wc-2',
  sends: 1,
  sent_at: AT,
  created_at: AT,
  ...overrides,
});

export const anAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  action: 'org.created',
  actor_id: 'acc-jane',
  subject: 'acme',
  detail: null,
  created_at: AT,
  ...overrides,
});

type State = {
  orgs: Org[];
  members: Member[];
  cards: WorkCard[];
  invitations: Invitation[];
  audit: AuditEntry[];
};

/**
 * One organisation's API as the Worker answers it, starting from `initial` and changed as the
 * Worker would change it (docs/product.md, Organisations). Answers go through the response schemas.
 */
export function orgsAre(initial: Partial<State> = {}) {
  const state: State = {
    orgs: [anOrg()],
    members: [aMember()],
    cards: [],
    invitations: [],
    audit: [anAuditEntry()],
    // Its own copies: what one test changes, the next does not inherit.
    ...structuredClone(initial),
  };
  const org = (id: unknown) => state.orgs.find((item) => item.id === id);
  const handlers = [
    http.get('/v1/orgs', () => answer(orgsResponse, { success: true, data: state.orgs })),
    http.post('/v1/orgs', async ({ request }) => {
      const body = (await request.json()) as { name: string; slug: string };
      if (state.orgs.some((item) => item.slug === body.slug))
        return failure(422, 'Validation failed', { slug: ['This short name is taken'] });
      const made = anOrg({ id: `org-${state.orgs.length + 1}`, name: body.name, slug: body.slug });
      state.orgs.push(made);
      return answer(orgResponse, { success: true, data: made, message: 'Organisation created' }, { status: 201 });
    }),
    http.get('/v1/orgs/:orgId', ({ params }) => {
      const found = org(params.orgId);
      return found
        ? answer(orgResponse, { success: true, data: found, message: 'Organisation retrieved' })
        : failure(404, 'Organisation not found');
    }),
    http.put('/v1/orgs/:orgId', async ({ params, request }) => {
      const found = org(params.orgId);
      if (!found) return failure(404, 'Organisation not found');
      const body = (await request.json()) as Partial<Org>;
      Object.assign(found, body);
      return answer(orgResponse, { success: true, data: found, message: 'Organisation saved' });
    }),
    http.post('/v1/orgs/:orgId/owner', async ({ params, request }) => {
      const found = org(params.orgId);
      const { user_id } = (await request.json()) as { user_id: string };
      const heir = state.members.find((item) => item.user_id === user_id);
      if (!found || !heir) return failure(404, 'This account is not a member of the organisation');
      for (const member of state.members) if (member.role === 'owner') member.role = 'admin';
      heir.role = 'owner';
      found.role = 'admin';
      return answer(orgResponse, { success: true, data: found, message: 'Organisation handed over' });
    }),
    http.post('/v1/orgs/:orgId/leave', ({ params }) => {
      state.orgs = state.orgs.filter((item) => item.id !== params.orgId);
      return done('You have left the organisation');
    }),
    http.get('/v1/orgs/:orgId/members', () => answer(orgMembersResponse, { success: true, data: state.members })),
    http.put('/v1/orgs/:orgId/members/:userId', async ({ params, request }) => {
      const member = state.members.find((item) => item.user_id === params.userId);
      if (!member) return failure(404, 'This account is not a member of the organisation');
      member.role = ((await request.json()) as { role: 'admin' | 'member' }).role;
      return done('Role changed');
    }),
    http.delete('/v1/orgs/:orgId/members/:userId', ({ params }) => {
      const member = state.members.find((item) => item.user_id === params.userId);
      if (!member) return failure(404, 'This account is not a member of the organisation');
      state.members = state.members.filter((item) => item !== member);
      for (const card of state.cards.filter((item) => item.holder_id === member.user_id)) {
        card.state = 'paused';
        card.holder_id = null;
      }
      return done('Member removed; their work card is paused');
    }),
    http.get('/v1/orgs/:orgId/cards', () => answer(workCardsResponse, { success: true, data: state.cards })),
    http.post('/v1/orgs/:orgId/cards/:cardId/reassign', async ({ params, request }) => {
      const card = state.cards.find((item) => item.id === params.cardId);
      if (!card) return failure(404, 'Work card not found');
      // Without a name (the template locks it) the card keeps its own.
      const body = (await request.json()) as { user_id: string; name?: string };
      Object.assign(card, { state: 'held', holder_id: body.user_id, name: body.name ?? card.name });
      const member = state.members.find((item) => item.user_id === body.user_id);
      if (member) member.card_id = card.id;
      return done('Card reassigned');
    }),
    http.delete('/v1/orgs/:orgId/cards/:cardId', ({ params }) => {
      state.cards = state.cards.filter((item) => item.id !== params.cardId);
      return done('Work card deleted');
    }),
    http.get('/v1/orgs/:orgId/invitations', () =>
      answer(invitationsResponse, { success: true, data: state.invitations }),
    ),
    http.post('/v1/orgs/:orgId/invitations', async ({ request }) => {
      const { emails } = (await request.json()) as { emails: string[] };
      const made = emails.map((email, index) =>
        anInvitation({ id: `inv-${state.invitations.length + index + 1}`, email, card_id: null }),
      );
      state.invitations.push(...made);
      return answer(
        inviteResultResponse,
        {
          success: true,
          data: { invited: made.length, already: 0, invitations: made },
          message: `${made.length} invited; 0 already invited or members`,
        },
        { status: 201 },
      );
    }),
    http.post('/v1/orgs/:orgId/invitations/csv/preview', () =>
      answer(csvPreviewResponse, { success: true, data: { rows: 2, new: 2, already: 0, problems: [] } }),
    ),
    http.post('/v1/orgs/:orgId/invitations/csv', () =>
      answer(
        inviteResultResponse,
        { success: true, data: { invited: 2, already: 0, invitations: [] }, message: '2 invited' },
        { status: 201 },
      ),
    ),
    http.post('/v1/orgs/:orgId/invitations/:id/resend', ({ params }) => {
      const found = state.invitations.find((item) => item.id === params.id);
      if (!found) return failure(404, 'Invitation not found');
      found.sends += 1;
      return answer(invitationResponse, { success: true, data: found, message: 'Invitation sent again' });
    }),
    http.delete('/v1/orgs/:orgId/invitations/:id', ({ params }) => {
      state.invitations = state.invitations.filter((item) => item.id !== params.id);
      return done('Invitation withdrawn');
    }),
    http.post('/v1/orgs/:orgId/invite-link', ({ params }) => {
      const found = org(params.orgId);
      if (found) found.invite_link = true;
      return answer(inviteLinkResponse, {
        success: true,
        data: { url: 'http://localhost/dashboard/join?token=org-1.secret-of-the-link' },
        message: 'Invite link on; the link before no longer works',
      });
    }),
    http.delete('/v1/orgs/:orgId/invite-link', ({ params }) => {
      const found = org(params.orgId);
      if (found) found.invite_link = false;
      return done('Invite link off');
    }),
    http.get('/v1/orgs/:orgId/audit', () => answer(auditResponse, { success: true, data: state.audit })),
  ];
  return { handlers, state };
}
