import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { failure } from './api/answer';
import { profileIs, userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { FakeXhr } from './fake-xhr';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

const user: User = aUser({
  bio: 'Hello',
  avatar_url: 'http://localhost/media/avatars/old.png',
  avatar: 'http://localhost/media/avatars/old.png',
  theme_id: 1,
  template_id: 1,
  views: 12,
  created_at: '2026-01-02T00:00:00.000Z',
});

beforeEach(() => {
  server.use(profileIs(user));
});

const png = (size = 1000) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });
const uploads = () => calls.filter((call) => /\/(avatar|cover-image)$/.test(call.path));
const avatarSrc = () => screen.getByAltText<HTMLImageElement>('Profile photo').getAttribute('src');

describe('Profile Settings uploads', () => {
  it('starts on choice, shows the percentage, and cancelling reverts the preview', async () => {
    // MSW answers an XMLHttpRequest but reports its upload's progress only with its answer, all at
    // once; a controllable XMLHttpRequest shows the screen part-way (test/web/fake-xhr.ts).
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await screen.findByText('Profile Settings');
    expect(avatarSrc()).toBe(user.avatar_url);

    await ue.upload(screen.getByLabelText('Profile photo file'), png());
    // The photo is made smaller first (its code loads on the first choice), then sent.
    const xhr = await waitFor(() => FakeXhr.last ?? Promise.reject(new Error('no upload started yet')));
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/user/profile/avatar');
    expect(xhr.body?.get('avatar')).toBeInstanceOf(File);
    expect(avatarSrc()).not.toBe(user.avatar_url);

    act(() => xhr.progress(45, 100));
    expect(await screen.findByText('45%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Avatar upload' }).getAttribute('aria-valuenow')).toBe('45');

    await ue.click(screen.getByRole('button', { name: 'Cancel avatar upload' }));
    expect(xhr.aborted).toBe(true);
    expect(await screen.findByText('Upload canceled')).toBeTruthy();
    await waitFor(() => expect(avatarSrc()).toBe(user.avatar_url));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('names each step: preparing the photo, the percentage sent, then making its sizes', async () => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // The browser decoding a camera photo to make it smaller, held until the test lets it go.
    let decoded = (_: unknown) => {};
    vi.stubGlobal(
      'createImageBitmap',
      () => new Promise((_resolve, reject) => (decoded = () => reject(new Error('not decodable here')))),
    );
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await screen.findByText('Profile Settings');
    await ue.upload(screen.getByLabelText('Cover image file'), png());
    expect(await screen.findByText('Preparing the image...')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Cover upload' });
    // Nothing measured yet: no percentage claimed.
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.queryByText(/%$/)).toBeNull();
    expect(FakeXhr.last).toBeNull();

    decoded(null);
    const xhr = await waitFor(() => FakeXhr.last ?? Promise.reject(new Error('no upload started yet')));
    act(() => xhr.progress(42, 100));
    expect(await screen.findByText('42%')).toBeTruthy();
    expect(screen.queryByText('Preparing the image...')).toBeNull();
    act(() => xhr.progress(100, 100));
    expect(await screen.findByText('Making the sizes for your card...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Cover upload' }).getAttribute('aria-valuetext')).toBe(
      'Making the sizes for your card...',
    );
    await ue.click(screen.getByRole('button', { name: 'Cancel cover upload' }));
    expect(await screen.findByText('Cover upload canceled')).toBeTruthy();
  });

  it('a failed upload shows the server message and reverts; a cover cancel has its own toast', async () => {
    server.use(
      http.post('/v1/user/profile/avatar', () => failure(422, 'Avatar must be a JPG, PNG, GIF or WebP image')),
      // The cover upload is still on its way when it is cancelled.
      http.post('/v1/user/profile/cover-image', () => delay('infinite')),
    );
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await screen.findByText('Profile Settings');
    await ue.upload(screen.getByLabelText('Profile photo file'), png());
    expect(await screen.findByText('Avatar must be a JPG, PNG, GIF or WebP image')).toBeTruthy();
    await waitFor(() => expect(avatarSrc()).toBe(user.avatar_url));

    await ue.upload(screen.getByLabelText('Cover image file'), png());
    await waitFor(() => expect(uploads().at(-1)?.path).toBe('/v1/user/profile/cover-image'));
    expect(screen.getByAltText('Cover image')).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: 'Cancel cover upload' }));
    expect(await screen.findByText('Cover upload canceled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByAltText('Cover image')).toBeNull());
    expect(uploads().at(-1)?.signal.aborted).toBe(true);
  });

  it('refuses a file over 5MB before uploading', async () => {
    const ue = userEvent.setup({ applyAccept: false });
    renderScreen(<ProfileScreen />);
    await screen.findByText('Profile Settings');
    await ue.upload(screen.getByLabelText('Profile photo file'), png(5 * 1024 * 1024 + 1));
    expect((await screen.findAllByText('Avatar image must be less than 5MB')).length).toBeGreaterThan(0);
    await ue.upload(screen.getByLabelText('Cover image file'), png(6 * 1024 * 1024));
    expect((await screen.findAllByText('Cover image must be less than 5MB')).length).toBeGreaterThan(0);
    expect(uploads()).toEqual([]);
  });

  it('saves the profile as a multipart form and shows server field errors', async () => {
    server.use(
      http.post('/v1/user/profile/update', () =>
        failure(422, 'Invalid', { username: ['This username is already taken'] }),
      ),
    );
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Jane Doe');
    const username = screen.getByLabelText('Username');
    await ue.clear(username);
    await ue.type(username, 'taken-name');
    expect(screen.getByText('Public Profile')).toBeTruthy();
    await ue.click(screen.getByRole('switch'));
    expect(screen.getByText('Private Profile')).toBeTruthy();
    expect(screen.queryByText('Public Profile')).toBeNull();
    await ue.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeTruthy();
    const form = calls.find((call) => call.path === '/v1/user/profile/update')?.body as FormData;
    // What was changed, and nothing else: the rest stays as stored.
    expect(Object.fromEntries(form.entries())).toEqual({ username: 'taken-name', is_active: '0' });
  });
});

describe('removing the photo and the cover', () => {
  /** The profile as stored, with its photo and cover until a DELETE takes them away. */
  function serveImages({ fail = false } = {}) {
    let stored: User = { ...user, cover_image_url: 'http://localhost/media/covers/old.png' };
    let answerPhoto = () => {};
    const photoHeld = new Promise<void>((resolve) => (answerPhoto = resolve));
    const removed = (fields: Partial<User>, message: string) => {
      stored = { ...stored, ...fields };
      return userAnswer(stored, message);
    };
    server.use(
      http.get('/v1/user/profile', () => userAnswer(stored)),
      http.delete('/v1/user/profile/avatar', async () => {
        await photoHeld;
        if (fail) return failure(500, 'Storage is briefly unavailable');
        return removed({ avatar_url: null, avatar: null }, 'Profile photo removed successfully');
      }),
      http.delete('/v1/user/profile/cover-image', () =>
        fail
          ? failure(500, 'Storage is briefly unavailable')
          : removed({ cover_image_url: null }, 'Cover image removed successfully'),
      ),
    );
    return { answerPhoto };
  }

  it("says 'Removing profile photo...', then 'Profile photo removed successfully'; the cover goes with its own words", async () => {
    const { answerPhoto } = serveImages();
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await ue.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Removing profile photo...')).toBeInTheDocument();
    answerPhoto();
    expect(await screen.findByText('Profile photo removed successfully')).toBeInTheDocument();
    expect(screen.queryByText('Removing profile photo...')).toBeNull();
    await waitFor(() => expect(screen.queryByAltText('Profile photo')).toBeNull());

    await ue.click(screen.getByRole('button', { name: 'Remove cover' }));
    expect(await screen.findByText('Cover image removed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByAltText('Cover image')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/v1/user/profile/avatar',
      '/v1/user/profile/cover-image',
    ]);
  });

  it("says 'Failed to remove profile photo' and 'Failed to remove cover image', keeping both", async () => {
    const { answerPhoto } = serveImages({ fail: true });
    answerPhoto();
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await ue.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Failed to remove profile photo')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Remove cover' }));
    expect(await screen.findByText('Failed to remove cover image')).toBeInTheDocument();
    expect(avatarSrc()).toBe(user.avatar_url);
    expect(screen.getByAltText('Cover image')).toBeInTheDocument();
  });
});
