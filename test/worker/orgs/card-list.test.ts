import { describe, expect, it } from 'vitest';
import { cardsResponse } from '@shared/schemas/cards';
import { api, registerUser } from '../helpers';
import { joinAs, newOrg } from './org-helpers';

// The account's cards name the organisation of each work card (docs/product.md, Organisations):
// the dashboard's card switcher lists work cards under their organisation's name.

describe('GET /v1/cards with a work card', () => {
  it('names the organisation of the work card, and none for the personal card', async () => {
    const org = await newOrg();
    const member = await registerUser();
    const work = await joinAs(org.id, org.owner, member);
    const res = await api('/v1/cards', { token: member.token });
    expect(res.status).toBe(200);
    const { data } = cardsResponse.parse(res.body);
    expect(data.cards.find((card) => card.id === work.id)?.org_id).toBe(org.id);
    expect(data.cards.find((card) => card.is_primary)?.org_id).toBeNull();
  });

  it('names no organisation to an account outside it', async () => {
    const org = await newOrg();
    const outsider = await registerUser();
    const res = await api('/v1/cards', { token: outsider.token });
    const { data } = cardsResponse.parse(res.body);
    expect(data.cards.every((card) => card.org_id === null)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(org.id);
  });
});
