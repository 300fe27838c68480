import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignatureCard } from '@/features/share/components/signature-card';
import { aCard, cardsAre } from './api/cards';
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
});
