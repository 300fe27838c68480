import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TemplateScreen } from '@/features/orgs/template/template-screen';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { authStore } from '@/lib/auth-store';
import { aCard, cardsAre } from './api/cards';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { FakeXhr } from './fake-xhr';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// The organisation's company logo (docs/product.md §2, Organisations): the Template screen uploads
// it as the Profile uploads a card's own (progress, its steps, cancel) and removes it; a work card's
// Profile then shows it read-only, with the lock and who set it.

const LOGO_URL = `http://localhost/media/logos/org-${'a'.repeat(32)}/${'b'.repeat(32)}/384.jpg`;
const png = (size = 1000) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

const openTemplate = async () => {
  renderScreen(<TemplateScreen orgId="org1" />);
  await screen.findByRole('heading', { name: 'Template' }, { timeout: 3000 });
  return screen.findByRole('region', { name: 'Company logo' });
};

describe('the Template screen’s company logo', () => {
  it('uploads on choice with progress and the processing step, then shows it', async () => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    server.use(...orgTemplateIs(aTemplate()));
    const ue = userEvent.setup();
    const field = await openTemplate();
    expect(within(field).queryByRole('img')).toBeNull();
    expect(within(field).queryByRole('button', { name: 'Remove logo' })).toBeNull();

    await ue.upload(within(field).getByLabelText('Company logo file'), png());
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/orgs/org1/template/logo']);
    expect(xhr.body?.get('logo')).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(await within(field).findByText('40%')).toBeTruthy();
    expect(within(field).getByRole('button', { name: 'Cancel logo upload' })).toBeTruthy();
    act(() => xhr.progress(100, 100));
    expect(await within(field).findByText('Making the sizes for your card...')).toBeTruthy();

    act(() => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify({
        success: true,
        message: 'Logo uploaded successfully',
        data: aTemplate({ logo_url: LOGO_URL }),
      });
      xhr.onload?.();
    });
    expect(await screen.findByText('Logo uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(within(field).getByAltText<HTMLImageElement>('Your company logo').src).toBe(LOGO_URL));
    expect(within(field).getByRole('button', { name: 'Change logo' })).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('refuses a wrong type before sending, and removes the stored logo', async () => {
    server.use(...orgTemplateIs(aTemplate({ logo_url: LOGO_URL })));
    const ue = userEvent.setup({ applyAccept: false });
    const field = await openTemplate();
    await ue.upload(
      within(field).getByLabelText('Company logo file'),
      new File(['x'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect((await screen.findAllByText('Logo must be a JPG, PNG, GIF or WebP file')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST' && call.path === '/v1/orgs/org1/template/logo')).toBe(false);

    expect(within(field).getByAltText<HTMLImageElement>('Your company logo').src).toBe(LOGO_URL);
    await ue.click(within(field).getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed successfully')).toBeTruthy();
    await waitFor(() => expect(within(field).queryByRole('img')).toBeNull());
    expect(
      calls.filter((call) => call.method === 'DELETE' && call.path === '/v1/orgs/org1/template/logo'),
    ).toHaveLength(1);
    expect(within(field).getByRole('button', { name: 'Upload logo' })).toBeTruthy();
  });
});

describe('a work card’s Profile under the organisation’s logo', () => {
  it('shows the logo read-only, with the lock and who set it', async () => {
    const jane = aUser({ company: 'Acme Ltd', logo_url: LOGO_URL });
    authStore.setUser(jane);
    server.use(
      profileIs(jane),
      ...orgTemplateIs(aTemplate({ org_name: 'Acme Ltd', logo_url: LOGO_URL })),
      ...cardsAre([aCard({ org_id: 'org1' })]),
    );
    renderScreen(<ProfileScreen />);
    const field = await screen.findByRole('region', { name: 'Company logo' });
    expect(await within(field).findByText('Set by Acme Ltd')).toBeTruthy();
    expect(within(field).queryByLabelText('Company logo file')).toBeNull();
    expect(within(field).queryByRole('button', { name: 'Remove logo' })).toBeNull();
    expect(within(field).getByAltText<HTMLImageElement>('Your company logo').src).toBe(LOGO_URL);
  });
});
