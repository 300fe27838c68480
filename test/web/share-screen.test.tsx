import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { domainResponse, type Domain } from '@shared/schemas/domains';
import { describe, expect, it } from 'vitest';
import { Component as ShareRoute } from '@/app/routes/dashboard/share';
import { answer } from './api/answer';
import { server } from './api/server';
import { walletsAre } from './api/wallet';
import { renderRoutes } from './helpers';

// Share as it opens: the card's QR code on screen without a tap, and each tagged link named by
// what it is for, its address under it.
const renderShare = () => {
  server.use(...walletsAre({ apple: false, google: false }));
  return renderRoutes([{ path: '/dashboard/share', element: <ShareRoute /> }], '/dashboard/share');
};

describe('the Share screen', () => {
  it('shows the QR code and its downloads at once, behind no button', async () => {
    renderShare();
    expect(await screen.findByRole('img', { name: /^QR code for @/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download SVG' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show QR code/ })).toBeNull();
  });

  it('names each tagged link by what it is for, in words, with the address as the second line', async () => {
    renderShare();
    const list = await screen.findByRole('list', { name: 'Links for each channel' });
    const rows = within(list).getAllByRole('listitem');
    const titles = rows.map((row) => row.querySelector('p')?.textContent);
    expect(titles).toEqual([
      "Your card's link",
      'Link for your email signature',
      'Link for an NFC tag',
      'Link for a QR code you make yourself',
    ]);
    // The address is there to copy, never the row's name: no row is titled by a bare ?src= tag.
    for (const [index, src] of ['link', 'email', 'nfc', 'qr'].entries()) {
      expect(rows[index]).toHaveTextContent(new RegExp(`/p/[^?]+\\?src=${src}Copy$`));
      expect(titles[index]).not.toMatch(/src=|^(Link|Email|NFC|QR code)$/);
    }
    expect(within(rows[1]!).getByText(/Statistics counts its visits as 'Email'/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the link for your email signature' })).toBeInTheDocument();
  });
});

describe('the Share screen of a card on its own domain', () => {
  const domain = (state: Domain['state']): Domain => ({
    hostname: 'card.jane.example',
    url: 'https://card.jane.example/',
    state,
    status: state === 'active' ? 'active' : 'pending',
    ssl_status: state === 'active' ? 'active' : 'pending_validation',
    records: [],
    problems: [],
    created_at: '2026-12-01T10:00:00.000Z',
    expires_at: state === 'active' ? null : '2026-12-08T10:00:00.000Z',
  });
  const withDomain = (state: Domain['state']) => {
    server.use(
      http.get('/v1/cards/:id/domain', () =>
        answer(domainResponse, { success: true, data: { available: true, domain: domain(state) } }),
      ),
    );
    return renderShare();
  };
  const addresses = async () => {
    const list = await screen.findByRole('list', { name: 'Links for each channel' });
    return within(list)
      .getAllByRole('listitem')
      .map((row) => /(https?:\/\/.*\?src=\w+)Copy$/.exec(row.textContent ?? '')?.[1]);
  };

  it('hands out https://{domain}/ once the domain is active: the QR code and every channel link', async () => {
    withDomain('active');
    await waitFor(async () =>
      expect(await addresses()).toEqual([
        'https://card.jane.example/?src=link',
        'https://card.jane.example/?src=email',
        'https://card.jane.example/?src=nfc',
        'https://card.jane.example/?src=qr',
      ]),
    );
    const qr = await screen.findByRole('img', { name: /^QR code for @/ });
    await waitFor(() => expect(qr).toHaveAttribute('data-qr-url', 'https://card.jane.example/'));
  });

  it('keeps /p/{username} while the domain waits for its records', async () => {
    withDomain('pending');
    await screen.findByText('card.jane.example');
    for (const address of await addresses()) expect(address).toMatch(/^http:\/\/localhost(:\d+)?\/p\/[^/?]+\?src=/);
    const qr = await screen.findByRole('img', { name: /^QR code for @/ });
    expect(qr.getAttribute('data-qr-url') ?? '').toMatch(/\/p\//);
  });
});
