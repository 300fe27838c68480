import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { failure } from './api/answer';
import { profileIs, userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { FakeXhr } from './fake-xhr';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// The company logo on Profile (docs/product.md §5, Profile): the cover's upload experience
// (progress, step names, cancel, errors, removal), and the preview draws it as the card will.

const LOGO_URL = `http://localhost/media/logos/${'a'.repeat(32)}/${'b'.repeat(32)}/384.jpg`;
const acme = (overrides: Partial<User> = {}) => aUser({ company: 'Acme', job_title: 'Founder', ...overrides });
const png = (size = 1000) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });
const logoCalls = () => calls.filter((call) => call.path === '/v1/user/profile/logo');
/** The logo the live preview's card draws, or null. */
const previewLogo = () => {
  const root = within(screen.getByRole('complementary', { name: 'Live preview' })).getByRole('img', {
    name: 'Card preview',
  }).shadowRoot!;
  return root.querySelector<HTMLImageElement>('.logo img');
};

describe('Profile: company logo', () => {
  it('uploads on choice with progress and step names, then shows it in the field and the preview', async () => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    server.use(profileIs(acme()));
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    const field = await screen.findByRole('region', { name: 'Company logo' });
    expect(within(field).queryByRole('img')).toBeNull();
    expect(previewLogo()).toBeNull();

    await ue.upload(within(field).getByLabelText('Company logo file'), png());
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/user/profile/logo']);
    expect(xhr.body?.get('logo')).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(await within(field).findByText('40%')).toBeTruthy();
    expect(within(field).getByRole('button', { name: 'Cancel logo upload' })).toBeTruthy();
    act(() => xhr.progress(100, 100));
    expect(await within(field).findByText('Making the sizes for your card...')).toBeTruthy();

    const uploaded = acme({ logo_url: LOGO_URL });
    server.use(profileIs(uploaded));
    act(() => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify({ success: true, data: uploaded, message: 'Logo uploaded successfully' });
      xhr.onload?.();
    });
    expect(await screen.findByText('Logo uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(within(field).getByAltText<HTMLImageElement>('Your company logo').src).toBe(LOGO_URL));
    expect(within(field).getByRole('button', { name: 'Change logo' })).toBeTruthy();
    // The preview draws it as the card does: its own box, named by the company.
    await waitFor(() => expect(previewLogo()?.getAttribute('src')).toBe(LOGO_URL));
    expect(previewLogo()?.getAttribute('alt')).toBe('Acme');
    expect([previewLogo()?.getAttribute('width'), previewLogo()?.getAttribute('height')]).toEqual(['96', '48']);
    vi.unstubAllGlobals();
  });

  it("shows the server's reason when it refuses, and refuses a wrong type or a file over 5MB before sending", async () => {
    server.use(
      profileIs(acme()),
      http.post('/v1/user/profile/logo', () => failure(422, 'Logo must be a JPG, PNG, GIF or WebP image')),
    );
    const ue = userEvent.setup({ applyAccept: false });
    renderScreen(<ProfileScreen />);
    const input = await screen.findByLabelText('Company logo file');
    await ue.upload(input, png());
    expect(await screen.findByText('Logo must be a JPG, PNG, GIF or WebP image')).toBeTruthy();
    expect(previewLogo()).toBeNull();
    const sent = logoCalls().length;
    expect(sent).toBe(1);

    await ue.upload(screen.getByLabelText('Company logo file'), new File(['x'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await screen.findAllByText('Logo must be a JPG, PNG, GIF or WebP file')).length).toBeGreaterThan(0);
    await ue.upload(screen.getByLabelText('Company logo file'), png(5 * 1024 * 1024 + 1));
    expect((await screen.findAllByText('Logo image must be less than 5MB')).length).toBeGreaterThan(0);
    expect(logoCalls().length).toBe(sent);
  });

  it('removes the logo at once, from the field and the preview', async () => {
    server.use(
      profileIs(acme({ logo_url: LOGO_URL })),
      http.delete('/v1/user/profile/logo', () => userAnswer(acme(), 'Logo removed successfully')),
    );
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await waitFor(() => expect(previewLogo()?.getAttribute('src')).toBe(LOGO_URL));
    server.use(profileIs(acme()));
    await ue.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed successfully')).toBeTruthy();
    expect(logoCalls().at(-1)?.method).toBe('DELETE');
    await waitFor(() => expect(previewLogo()).toBeNull());
    expect(screen.getByRole('button', { name: 'Upload logo' })).toBeTruthy();
  });
});
