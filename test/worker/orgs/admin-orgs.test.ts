import { describe, expect, it } from 'vitest';
import { adminOrgsResponse } from '@shared/schemas/admin-orgs';
import { read, signedInAdmin } from '../admin-helpers';
import { api, registerUser } from '../helpers';
import { joinAs, newOrg } from './org-helpers';

// The console's organisations (GET /v1/admin/orgs): an operator sees each with its owner, members
// and work cards; to anyone else the path does not exist.

describe('GET /v1/admin/orgs', () => {
  it('lists each organisation with its owner, members and work cards', async () => {
    const admin = await signedInAdmin();
    const org = await newOrg();
    const member = await registerUser();
    await joinAs(org.id, org.owner, member);
    // A second invitation waits: its card counts, its invitee is no member yet.
    await api(`/v1/orgs/${org.id}/invitations`, {
      method: 'POST',
      token: org.owner.token,
      json: { emails: [`waiting-${org.slug}@example.com`] },
    });
    const res = await read(admin, '/orgs');
    expect(res.status).toBe(200);
    const body = adminOrgsResponse.parse(res.body);
    const listed = body.data.find((item) => item.id === org.id);
    expect(listed).toMatchObject({
      name: 'Acme Ltd',
      slug: org.slug,
      owner: { id: org.owner.id, email: org.owner.email },
      members: 2,
      cards: 2,
      seats: 25,
    });
    expect(listed!.owner!.name).not.toBe('');
  });

  it('does not exist for an account that is not an operator, nor for anyone signed out', async () => {
    const org = await newOrg();
    const asOwner = await api('/v1/admin/orgs', { token: org.owner.token });
    expect(asOwner.status).toBe(404);
    expect(JSON.stringify(asOwner.body)).not.toContain(org.slug);
    const anonymous = await api('/v1/admin/orgs');
    expect(anonymous.status).toBe(404);
  });
});
