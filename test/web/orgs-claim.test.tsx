import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClaimScreen, JoinScreen } from '@/features/orgs/components/claim-screen';
import { rememberReturn, returnAddress } from '@/lib/return-to';
import { renderRoutes } from './helpers';
import { answer, failure } from './api/answer';
import { aCard, cardsAre } from './api/cards';
import { anOrg } from './api/orgs';
import { calls, server } from './api/server';
import { orgResponse } from '@shared/schemas/orgs';

// /dashboard/claim and /dashboard/join (docs/product.md, Organisations): what the invitation mail
// and the invite link open. Signed in, the card is claimed (or made) and shown.

const WORK = aCard({ id: 'wc-9', username: 'jane-acme', name: 'Jane Doe', is_primary: false, org_id: 'org-1' });

function open(url: string, element: React.ReactNode) {
  return renderRoutes(
    [
      { path: url.split('?')[0], element },
      { path: '*', element: <p>Another screen</p> },
    ],
    url,
  );
}

describe('claiming an invitation', () => {
  it('claims the card with the mail’s secret and shows it, with the welcome', async () => {
    server.use(
      http.post('/v1/orgs/invitations/claim', () =>
        answer(orgResponse, {
          success: true,
          data: anOrg({ role: 'member' }),
          message: 'Welcome: the work card is yours',
        }),
      ),
      // As the Worker: the work card is in the account's list once claimed.
      ...cardsAre([aCard(), WORK]),
    );
    const { router } = open('/dashboard/claim?token=the-secret-of-the-mail-0123456789', <ClaimScreen />);
    expect(await screen.findByText('Welcome: the work card is yours')).toBeInTheDocument();
    await screen.findByText('Another screen');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('?card=wc-9');
    expect(calls.find((call) => call.path === '/v1/orgs/invitations/claim')?.body).toEqual({
      token: 'the-secret-of-the-mail-0123456789',
    });
  });

  it('says so when the invitation was sent to another address', async () => {
    server.use(
      http.post('/v1/orgs/invitations/claim', () =>
        failure(403, 'This invitation was sent to another e-mail address: sign in with that address to claim it'),
      ),
    );
    open('/dashboard/claim?token=the-secret-of-the-mail-0123456789', <ClaimScreen />);
    expect(
      await screen.findByText(
        'This invitation was sent to another e-mail address: sign in with that address to claim it',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
  });

  it('says so when the link was used or withdrawn', async () => {
    server.use(
      http.post('/v1/orgs/invitations/claim', () =>
        failure(404, 'This invitation is not valid any more: ask for a new one'),
      ),
    );
    open('/dashboard/claim?token=the-secret-of-the-mail-0123456789', <ClaimScreen />);
    expect(await screen.findByText('This invitation is not valid any more: ask for a new one')).toBeInTheDocument();
  });

  it('asks nothing of the API for a link without its secret', async () => {
    open('/dashboard/claim', <ClaimScreen />);
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/v1/orgs'))).toHaveLength(0);
  });
});

describe('joining by the invite link', () => {
  it('makes a work card under the username chosen', async () => {
    server.use(
      http.post('/v1/orgs/join', () =>
        answer(
          orgResponse,
          { success: true, data: anOrg({ role: 'member' }), message: 'Welcome: your work card is made' },
          { status: 201 },
        ),
      ),
      ...cardsAre([aCard(), WORK]),
    );
    const { router, user } = open('/dashboard/join?token=org-1.the-secret-of-the-link', <JoinScreen />);
    const username = await screen.findByLabelText('Username of the work card');
    await user.clear(username);
    await user.type(username, 'Jane-Acme');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Welcome: your work card is made')).toBeInTheDocument();
    await screen.findByText('Another screen');
    expect(router.state.location.search).toBe('?card=wc-9');
    expect(calls.find((call) => call.path === '/v1/orgs/join')?.body).toEqual({
      token: 'org-1.the-secret-of-the-link',
      username: 'jane-acme',
    });
  });

  it('puts a taken username under its field, and a link turned off above the button', async () => {
    server.use(
      http.post('/v1/orgs/join', () =>
        failure(422, 'Validation failed', { username: ['This username is already taken'] }),
      ),
    );
    const { user } = open('/dashboard/join?token=org-1.the-secret-of-the-link', <JoinScreen />);
    await user.type(await screen.findByLabelText('Username of the work card'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    server.use(http.post('/v1/orgs/join', () => failure(404, 'This invite link is turned off or not valid')));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This invite link is turned off or not valid')).toBeInTheDocument();
  });
});

describe('coming back after signing in', () => {
  it('keeps the claim and join links, and nothing else', () => {
    rememberReturn('/dashboard/profile', '');
    expect(returnAddress()).toBe('/dashboard');
    rememberReturn('/dashboard/claim', '?token=abc');
    expect(returnAddress()).toBe('/dashboard/claim?token=abc');
    rememberReturn('https://evil.example/dashboard/claim', '?token=abc');
    expect(returnAddress()).toBe('/dashboard/claim?token=abc');
  });
});
