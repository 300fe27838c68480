import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NfcCard } from '@/features/share/components/nfc-card';
import { renderScreen } from './helpers';

// 'Write to NFC tag' writes the card's URL with ?src=nfc through Web NFC where
// the browser has it (Chrome on Android); elsewhere it explains the NFC app way.
const ORIGIN = 'https://cardlink.example';

afterEach(() => {
  delete (window as { NDEFReader?: unknown }).NDEFReader;
});

describe("'Write to NFC tag'", () => {
  it('with Web NFC writes one URL record of the card with ?src=nfc', async () => {
    const write = vi.fn(async () => undefined);
    (window as { NDEFReader?: unknown }).NDEFReader = class {
      write = write;
    };
    renderScreen(<NfcCard address={`${ORIGIN}/p/ada`} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Write to NFC tag' }));
    await waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    expect(write).toHaveBeenCalledWith({ records: [{ recordType: 'url', data: `${ORIGIN}/p/ada?src=nfc` }] });
    expect(await screen.findByText('Your card is on the NFC tag')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Write a tag with your phone's NFC app" })).toBeNull();
  });

  it('without Web NFC explains how to write a tag with an app and offers the URL to copy', async () => {
    renderScreen(<NfcCard address={`${ORIGIN}/p/ada`} />);
    const button = screen.getByRole('button', { name: 'Write to NFC tag' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(button);
    expect(screen.getByRole('heading', { name: "Write a tag with your phone's NFC app" })).toBeTruthy();
    expect(screen.getByText(`${ORIGIN}/p/ada?src=nfc`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the address for the NFC app' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
