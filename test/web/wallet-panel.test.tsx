import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { WalletAvailability } from '@shared/schemas/wallet';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';
import { failure } from './api/answer';
import { calls, server } from './api/server';
import { walletsAre } from './api/wallet';
import { GOOGLE_SAVE_URL as SAVE_URL } from './fixtures';
import { renderRoutes } from './helpers';

const api = (wallets: WalletAvailability) => server.use(...walletsAre(wallets));

const renderPanel = () =>
  renderRoutes([{ path: '/dashboard/share', element: <WalletPanel username="ada" /> }], '/dashboard/share');

describe('WalletPanel', () => {
  it('says wallet passes are not set up on this server when the operator configured no wallet', async () => {
    api({ apple: false, google: false });
    renderPanel();
    expect(
      await screen.findByText(
        'Wallet passes are not set up on this server, so your card cannot be added to Apple Wallet or Google Wallet from here. Whoever runs this server can turn them on.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Wallet pass')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apple Wallet/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Google Wallet/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/user/wallet/google')).toBe(false);
  });

  it('offers only Apple Wallet when only it is configured, and saves the pass as {username}.pkpass', async () => {
    api({ apple: true, google: false });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pass');
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderPanel();
    const button = await screen.findByRole('button', { name: 'Add to Apple Wallet' });
    expect(screen.queryByRole('link', { name: /Google Wallet/ })).not.toBeInTheDocument();
    expect(screen.getByText('Google Wallet is not set up on this server.')).toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('ada.pkpass');
    expect(clicked[0]!.href).toBe('blob:pass');
    expect(calls.filter((c) => c.path === '/v1/user/wallet/apple')).toHaveLength(1);
    expect(calls.some((c) => c.path === '/v1/user/wallet/google')).toBe(false);
    click.mockRestore();
    created.mockRestore();
  });

  it('offers only Google Wallet when only it is configured, as a link to the signed save URL', async () => {
    api({ apple: false, google: true });
    renderPanel();
    const link = await screen.findByRole('link', { name: /Add to Google Wallet/ });
    expect(link).toHaveAttribute('href', SAVE_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: /Apple Wallet/ })).not.toBeInTheDocument();
    expect(screen.getByText('Apple Wallet is not set up on this server.')).toBeInTheDocument();
  });

  it('says what went wrong when the pass cannot be made', async () => {
    api({ apple: true, google: true });
    server.use(
      http.get('/v1/user/wallet/apple', () => failure(409, 'Make your card public before adding it to a wallet')),
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
    expect(await screen.findByText('Make your card public before adding it to a wallet')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Add to Google Wallet/ })).toBeInTheDocument();
  });
});
