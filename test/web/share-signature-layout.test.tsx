import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SignatureCard } from '@/features/share/components/signature-card';
import { aCard, cardsAre } from './api/cards';
import { failure } from './api/answer';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { authStore } from '@/lib/auth-store';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// The Share screen's signature layouts (docs/product.md §2, Share): chosen and saved on the card,
// drawn at once; on a work card whose template sets one, shown fixed with who set it.

const ORIGIN = 'http://localhost:3000';
const layoutSaves = () => calls.filter((call) => call.path === '/v1/user/profile/signature-layout');
const preview = () => screen.getByTestId('signature-preview');

describe('the e-mail signature’s layout', () => {
  it('is chosen, saved on the card and drawn at once', async () => {
    const user = aUser({ avatar_url: `${ORIGIN}/media/avatars/a/b/256.jpg` });
    // Signed in, as on the Share screen: the account's cards say this one is personal.
    authStore.setUser(user);
    server.use(profileIs(user), ...cardsAre([aCard({ org_id: null })]));
    const ue = userEvent.setup();
    renderScreen(<SignatureCard origin={ORIGIN} user={user} links={[]} />);
    const standard = await screen.findByRole('radio', { name: 'Standard' });
    expect(standard).toBeChecked();
    expect(preview().querySelectorAll('img')).toHaveLength(1);
    await ue.click(screen.getByRole('radio', { name: 'Compact: one line' }));
    expect(preview().querySelectorAll('img')).toHaveLength(0);
    await waitFor(() => expect(layoutSaves()).toHaveLength(1));
    expect(layoutSaves()[0]!.body).toEqual({ signature_layout: 'compact' });
  });

  it('is fixed on a work card whose template sets it, saying who set it', async () => {
    const user = aUser({ signature_layout: 'standard' });
    authStore.setUser(user);
    server.use(
      profileIs(user),
      ...cardsAre([aCard({ org_id: 'org1' })]),
      ...orgTemplateIs(aTemplate({ org_name: 'Acme Ltd', signature_layout: 'compact' })),
    );
    renderScreen(<SignatureCard origin={ORIGIN} user={user} links={[]} />);
    expect(await screen.findByText('Set by Acme Ltd')).toBeInTheDocument();
    expect(within(screen.getByTestId('signature-layout-fixed')).getByText('Compact: one line')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(layoutSaves()).toHaveLength(0);
  });

  it('offers no choice while a work card’s template is on its way, and Retry when it cannot be read', async () => {
    const user = aUser({ signature_layout: 'standard' });
    authStore.setUser(user);
    let answered = false;
    server.use(
      profileIs(user),
      ...cardsAre([aCard({ org_id: 'org1' })]),
      http.get('/v1/orgs/org1/template', async () => {
        await delay(300);
        answered = true;
        return failure(500, 'Internal server error');
      }),
    );
    renderScreen(<SignatureCard origin={ORIGIN} user={user} links={[]} />);
    expect(await screen.findByRole('status', { name: 'Loading the e-mail signature' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    const alert = await screen.findByRole('alert');
    expect(answered).toBe(true);
    expect(alert).toHaveTextContent('Your organisation’s rules for this card could not be loaded');
    expect(screen.queryByRole('radio')).toBeNull();
    server.use(...orgTemplateIs(aTemplate({ org_name: 'Acme Ltd', signature_layout: 'compact' })));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Set by Acme Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
