import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { themeChoiceResponse } from '@shared/schemas/themes';
import { answer, failure } from './api/answer';
import { BACKGROUND_URL, profileIs, userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { FakeXhr } from './fake-xhr';
import { aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

// The custom theme's background image is an upload (through the image pipeline), not
// a URL field; a theme saved with a URL before keeps rendering.

const custom = {
  background_color: '#ffffff',
  text_color: '#111827',
  accent_color: '#2563eb',
  font_family: 'Inter, sans-serif',
  background_image: null,
};
const withCustom = (overrides: Partial<User> = {}) =>
  aUser({ theme_id: 1, theme: aTheme(), custom_theme: custom, ...overrides });

const png = (size = 1000) => new File([new Uint8Array(size)], 'bg.png', { type: 'image/png' });
/** The background the live preview's page draws (`--img`), or '' without one. */
const previewImage = () => {
  const root = within(screen.getByRole('complementary', { name: 'Live preview' })).getByRole('img', {
    name: 'Card preview',
  }).shadowRoot!;
  return (root.querySelector('.page') as HTMLElement).style.getPropertyValue('--img');
};
const backgroundCalls = () => calls.filter((call) => call.path === '/v1/user/profile/background-image');

describe('Theme Settings: background image', () => {
  it('uploads on choice with progress, then shows it in the preview', async () => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    server.use(profileIs(withCustom()));
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    expect(await screen.findByText('Upload background')).toBeTruthy();
    expect(screen.queryByLabelText(/Background Image URL/)).toBeNull();

    await ue.upload(screen.getByLabelText('Background image file'), png());
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/user/profile/background-image']);
    expect(xhr.body?.get('background_image')).toBeInstanceOf(File);

    act(() => xhr.progress(45, 100));
    expect(await screen.findByText('45%')).toBeTruthy();
    expect(screen.getByText(/Uploading/)).toBeTruthy();
    act(() => xhr.progress(100, 100));
    expect(await screen.findByText('Making the sizes for your card...')).toBeTruthy();

    const uploaded = withCustom({
      background_image_url: BACKGROUND_URL,
      custom_theme: { ...custom, background_image: BACKGROUND_URL },
    });
    server.use(profileIs(uploaded));
    act(() => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify({ success: true, data: uploaded, message: 'Uploaded' });
      xhr.onload?.();
    });
    expect(await screen.findByText('Background image uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(previewImage()).toBe(`url("${BACKGROUND_URL}")`));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change background' })).toBeTruthy();
    // Stored at once, as the saved theme answered it: nothing left to save.
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    vi.unstubAllGlobals();
  });

  it("shows the server's reason when the upload is refused, and refuses a file over 5MB before sending", async () => {
    server.use(
      profileIs(withCustom()),
      http.post('/v1/user/profile/background-image', () =>
        failure(422, 'Background image must be a JPG, PNG, GIF or WebP image'),
      ),
    );
    const ue = userEvent.setup({ applyAccept: false });
    renderScreen(<ThemesScreen />);
    await ue.upload(await screen.findByLabelText('Background image file'), png());
    // Under the field and in a toast, which comes a moment later: both, not the first to show.
    await waitFor(() =>
      expect(screen.getAllByText('Background image must be a JPG, PNG, GIF or WebP image')).toHaveLength(2),
    );
    expect(previewImage()).toBe('');

    const sent = backgroundCalls().length;
    await ue.upload(screen.getByLabelText('Background image file'), png(5 * 1024 * 1024 + 1));
    expect((await screen.findAllByText('Background image must be less than 5MB')).length).toBeGreaterThan(0);
    await ue.upload(
      screen.getByLabelText('Background image file'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(
      (await screen.findAllByText('Background image must be a JPG, PNG, GIF or WebP file')).length,
    ).toBeGreaterThan(0);
    expect(backgroundCalls().length).toBe(sent);
  });

  it('removes an uploaded background at once', async () => {
    const uploaded = withCustom({
      background_image_url: BACKGROUND_URL,
      custom_theme: { ...custom, background_image: BACKGROUND_URL },
    });
    server.use(profileIs(uploaded));
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    await waitFor(() => expect(previewImage()).toBe(`url("${BACKGROUND_URL}")`));
    server.use(
      profileIs(withCustom()),
      http.delete('/v1/user/profile/background-image', () =>
        userAnswer(withCustom(), 'Background image removed successfully'),
      ),
    );
    await ue.click(screen.getByRole('button', { name: 'Remove background' }));
    expect(await screen.findByText('Background image removed successfully')).toBeTruthy();
    expect(backgroundCalls().at(-1)?.method).toBe('DELETE');
    await waitFor(() => expect(previewImage()).toBe(''));
    expect(screen.getByRole('button', { name: 'Upload background' })).toBeTruthy();
  });

  it('Reset to Selected then Save removes the upload the editor showed', async () => {
    server.use(
      profileIs(
        withCustom({
          background_image_url: BACKGROUND_URL,
          custom_theme: { ...custom, background_image: BACKGROUND_URL },
        }),
      ),
      http.delete('/v1/user/profile/background-image', () =>
        userAnswer(withCustom(), 'Background image removed successfully'),
      ),
    );
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    await waitFor(() => expect(previewImage()).toBe(`url("${BACKGROUND_URL}")`));
    await ue.click(screen.getByRole('button', { name: 'Reset to Selected' }));
    await ue.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    expect(backgroundCalls().map((call) => call.method)).toEqual(['DELETE']);
  });

  it('keeps a background uploaded in another tab since this one opened, and shows it once saved', async () => {
    // This tab read the theme with no background; another tab has since uploaded one. The Worker
    // keeps it on a save without one, and answers the theme with it.
    const stored = withCustom({
      background_image_url: BACKGROUND_URL,
      custom_theme: { ...custom, text_color: '#000000', background_image: BACKGROUND_URL },
    });
    let saved = false;
    server.use(
      // Read as this tab first read it until its save, then as stored.
      http.get('/v1/user/profile', () => userAnswer(saved ? stored : withCustom())),
      http.put('/v1/user/profile/theme', async ({ request }) => {
        const body = (await request.json()) as { custom_theme: typeof custom };
        saved = true;
        return answer(themeChoiceResponse, {
          success: true,
          data: { theme_id: 1, theme: null, custom_theme: { ...body.custom_theme, background_image: BACKGROUND_URL } },
          message: 'Custom theme updated successfully',
        });
      }),
    );
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    const text = await screen.findByLabelText('Text Color');
    expect(previewImage()).toBe('');
    await ue.clear(text);
    await ue.type(text, '#000000');
    await ue.tab();
    await ue.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    expect(backgroundCalls()).toEqual([]);
    await waitFor(() => expect(previewImage()).toBe(`url("${BACKGROUND_URL}")`));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  });

  it('keeps a background saved as a URL rendering, and removing it is saved with the theme', async () => {
    const legacy = 'https://images.example.com/bg.jpg';
    server.use(profileIs(withCustom({ custom_theme: { ...custom, background_image: legacy } })));
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    await waitFor(() => expect(previewImage()).toBe(`url("${legacy}")`));
    expect(
      screen.getByText('An image from images.example.com. Upload your own to keep it with your card.'),
    ).toBeTruthy();

    await ue.click(screen.getByRole('button', { name: 'Remove background' }));
    expect(previewImage()).toBe('');
    expect(backgroundCalls()).toEqual([]);
    await ue.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    const put = calls.find((call) => call.path === '/v1/user/profile/theme');
    expect(
      (put?.body as { custom_theme: { background_image: string | null } }).custom_theme.background_image,
    ).toBeNull();
  });
});
