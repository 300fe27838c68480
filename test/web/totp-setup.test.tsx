import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TotpSetup } from '@/features/security/components/totp-setup';
import { renderScreen } from './helpers';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Cardlink:ada%40example.com?secret=${SECRET}&issuer=Cardlink`;

// Two-factor set-up on a phone: a phone cannot scan the QR code on its own screen, so
// the key opens in the authenticator app by its otpauth:// link, or is copied; shown, it is read
// in groups of four that never break inside.
describe('authenticator set-up', () => {
  it("offers 'Open in authenticator app' and 'Copy key', and shows the key in whole groups of four", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderScreen(<TotpSetup secret={SECRET} uri={URI} onEnabled={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', URI);
    const groups = [...screen.getByTestId('totp-secret').children].map((group) => group.textContent);
    expect(groups).toEqual(SECRET.match(/.{4}/g));
    expect(screen.getByTestId('totp-secret').firstElementChild).toHaveClass('whitespace-nowrap');
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Key copied')).toBeInTheDocument();
  });
});
