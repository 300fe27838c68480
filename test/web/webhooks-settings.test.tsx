import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as Settings } from '@/app/routes/dashboard/settings';
import type { WebhookEndpoint } from '@shared/schemas/webhooks';
import { failure } from './api/answer';
import { aCard, cardsAre } from './api/cards';
import { securityIs } from './api/security';
import { calls, server } from './api/server';
import { aDelivery, WEBHOOK_SECRET, webhooksAre } from './api/webhooks';
import { aSecurityOverview } from './fixtures';
import { renderRoutes } from './helpers';

const aWebhook = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'webhook-1',
  url: 'https://hooks.example.com/cardlink',
  events: ['contact.created', 'link.created'],
  cards: null,
  created_at: '2026-02-01T10:00:00.000Z',
  disabled_at: null,
  previous_secret_until: null,
  ...overrides,
});

beforeEach(() => {
  server.use(
    securityIs(aSecurityOverview({ email: 'ada@example.com' })),
    ...cardsAre([aCard(), aCard({ id: 'card-2', username: 'jane_work', name: 'Jane at Work', is_primary: false })]),
  );
});

const renderSettings = () =>
  renderRoutes([{ path: '/dashboard/settings', element: <Settings /> }], '/dashboard/settings');

describe('Settings: webhooks', () => {
  it('adds a webhook with the chosen events and card, and shows its secret once', async () => {
    const { user } = renderSettings();
    expect(await screen.findByText('You have no webhooks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    // Nothing chosen: the form says so and calls nobody.
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Enter the URL to send events to')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/user/webhooks' && c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example.com/in');
    // Ticked out of order: sent in the catalogue's.
    await user.click(within(dialog).getByRole('checkbox', { name: /A link is added/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /A visitor shares their contact/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only chosen cards' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Jane at Work/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByLabelText<HTMLInputElement>('Signing secret');
    expect(secret.value).toBe(WEBHOOK_SECRET);
    expect(calls.find((c) => c.path === '/v1/user/webhooks' && c.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['contact.created', 'link.created'],
      card_ids: ['card-2'],
    });
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    expect(list).toHaveTextContent('https://hooks.example.com/in');
    expect(list).toHaveTextContent('contact.created link.created');
    expect(document.body).not.toHaveTextContent(WEBHOOK_SECRET);
  });

  it('shows the server’s refusal of a URL under its field', async () => {
    server.use(
      http.post('/v1/user/webhooks', () =>
        failure(422, 'The URL may not point at a private, loopback or link-local address', {
          url: ['The URL may not point at a private, loopback or link-local address'],
        }),
      ),
    );
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText('URL'), 'https://10.0.0.1/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /A link is added/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText('The URL may not point at a private, loopback or link-local address'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('sends a test event, shows the delivery log and sends a delivery again', async () => {
    server.use(
      ...webhooksAre(
        [aWebhook()],
        [
          aDelivery(),
          aDelivery({ id: 'msg_2', status: 'pending', response_status: 500, error: 'The receiver answered 500' }),
        ],
      ),
    );
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByText('Test event sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/test'))?.path).toBe(
      '/v1/user/webhooks/webhook-1/test',
    );

    await user.click(screen.getByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('region', { name: 'Last 100 deliveries' });
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('Delivered · HTTP 200 · 84 ms');
    expect(second).toHaveTextContent('Failed, will retry · HTTP 500');
    await user.click(within(second!).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Delivery sent again')).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/v1/user/webhooks/webhook-1/deliveries/msg_2/resend'),
    ).toBe(true);
  });

  it('says a disabled webhook is disabled and offers to enable it; deletes only once confirmed', async () => {
    server.use(
      ...webhooksAre([aWebhook({ disabled_at: '2026-03-04T10:00:00.000Z' })]),
      http.post('/v1/user/webhooks/:id/enable', () => failure(404, 'Webhook not found')),
    );
    const { user } = renderSettings();
    expect(await screen.findByText('Disabled: every delivery failed for three days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a test event' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enable again' }));
    expect(await screen.findByText('Webhook not found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete webhook https://hooks.example.com/cardlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(await screen.findByText('You have no webhooks.')).toBeInTheDocument();
  });
});
