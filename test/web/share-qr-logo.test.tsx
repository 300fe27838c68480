import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Component as ShareRoute } from '@/app/routes/dashboard/share';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { walletsAre } from './api/wallet';
import { aUser } from './fixtures';
import { renderRoutes } from './helpers';

// The company logo in the middle of the QR on Share (docs/product.md §9, QR): on while the card
// has a logo, a switch to turn it off; without a logo, the way to add one. The drawing itself and
// its downloads are read by test/web/qr-logo-reads.test.ts and the company-logo journey.
const LOGO_URL = `http://localhost/media/logos/${'a'.repeat(32)}/${'b'.repeat(32)}/384.jpg`;
const renderShare = () => {
  server.use(...walletsAre({ apple: false, google: false }));
  return renderRoutes([{ path: '/dashboard/share', element: <ShareRoute /> }], '/dashboard/share');
};
const code = () => screen.findByRole('img', { name: /^QR code for @/ });

describe('Share: the logo in the middle of the QR', () => {
  it('puts the logo in the middle while there is one, and the switch takes it out and back', async () => {
    server.use(profileIs(aUser({ logo_url: LOGO_URL })));
    const ue = userEvent.setup();
    renderShare();
    const toggle = await screen.findByRole('switch', { name: 'Company logo in the middle' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await code()).toHaveAttribute('data-qr-centre', 'logo');
    expect(screen.getByText(/Your logo takes your photo's place/)).toBeInTheDocument();

    await ue.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await code()).toHaveAttribute('data-qr-centre', 'photo');
    await ue.click(toggle);
    expect(await code()).toHaveAttribute('data-qr-centre', 'logo');
  });

  it('without a logo draws the photo and says where to add one', async () => {
    server.use(profileIs(aUser()));
    renderShare();
    expect(await code()).toHaveAttribute('data-qr-centre', 'photo');
    expect(screen.queryByRole('switch', { name: 'Company logo in the middle' })).toBeNull();
    expect(screen.getByText('Add a company logo to put it in the middle of the code.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a logo on Profile' })).toHaveAttribute('href', '/dashboard/profile');
  });
});
