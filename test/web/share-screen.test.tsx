import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as ShareRoute } from '@/app/routes/dashboard/share';
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
