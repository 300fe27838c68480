import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { profileIs, profileUpdatedFrom, userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// A new account's card: nothing but the name and username yet.
const fresh: User = aUser();
const PHONE = '+44 20 7946 0958';
const png = () => new File([new Uint8Array(1000)], 'me.jpg', { type: 'image/png' });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const sent = (path: string) =>
  calls.filter((call) => call.path === path).map((call) => Object.fromEntries((call.body as FormData).entries()));

/** An answer the test lets go when it chooses, as a Worker busy making a photo's sizes gives it. */
function held() {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}

/** The avatar or cover upload, answered with the stored card once `gate` is let go. */
function slowUpload(kind: 'avatar' | 'cover-image', gate: Promise<void>) {
  const path = `/v1/user/profile/${kind}`;
  const url = `http://localhost/media/${kind === 'avatar' ? 'avatars' : 'covers'}/new.png`;
  const after: User =
    kind === 'avatar' ? { ...fresh, avatar_url: url, avatar: url } : { ...fresh, cover_image_url: url };
  return http.post(path, async () => {
    await gate;
    return userAnswer(
      after,
      kind === 'avatar' ? 'Profile photo updated successfully' : 'Cover image uploaded successfully',
    );
  });
}

beforeEach(() => {
  server.use(profileIs(fresh), profileUpdatedFrom(fresh));
});

describe('fields typed while a photo or cover uploads', () => {
  it.each([
    ['Profile photo file', 'avatar', 'Profile photo updated successfully'],
    ['Cover image file', 'cover-image', 'Cover image uploaded successfully'],
  ] as const)(
    '%s: the upload’s answer leaves what was typed meanwhile, and Save sends it',
    async (label, kind, done) => {
      const upload = held();
      server.use(slowUpload(kind, upload.until));
      const ue = userEvent.setup();
      renderScreen(<ProfileScreen />);
      await screen.findByLabelText('Phone');
      await ue.upload(screen.getByLabelText(label), png());
      await waitFor(() => expect(sent(`/v1/user/profile/${kind}`)).toHaveLength(1));

      await ue.type(field('Phone'), PHONE);
      await ue.type(field('Pronouns'), 'she/her');
      await ue.type(field('Bio'), 'Maker of things');
      upload.release();
      expect(await screen.findByText(done)).toBeTruthy();

      expect([field('Phone').value, field('Pronouns').value, field('Bio').value]).toEqual([
        PHONE,
        'she/her',
        'Maker of things',
      ]);
      await ue.click(screen.getByRole('button', { name: 'Save Profile' }));
      expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
      expect(sent('/v1/user/profile/update')).toEqual([{ phone: PHONE, pronouns: 'she/her', bio: 'Maker of things' }]);
      expect(field('Phone').value).toBe(PHONE);
    },
    20_000,
  );

  it('a phone typed while a save is answered (slow, the photo being processed) stays, unsaved, and the next Save sends it', async () => {
    const upload = held();
    const save = held();
    server.use(
      slowUpload('avatar', upload.until),
      http.post('/v1/user/profile/update', async ({ request }) => {
        const form = await request.formData();
        await save.until;
        return userAnswer({ ...fresh, bio: String(form.get('bio') ?? fresh.bio) }, 'Profile updated successfully');
      }),
    );
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await screen.findByLabelText('Phone');
    await ue.upload(screen.getByLabelText('Profile photo file'), png());
    await waitFor(() => expect(sent('/v1/user/profile/avatar')).toHaveLength(1));

    await ue.type(field('Bio'), 'Maker of things');
    await ue.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(sent('/v1/user/profile/update')).toEqual([{ bio: 'Maker of things' }]));
    // The save is on its way; the owner goes on typing.
    await ue.type(field('Phone'), PHONE);
    await ue.type(field('Pronouns'), 'she/her');
    save.release();
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    upload.release();
    expect(await screen.findByText('Profile photo updated successfully')).toBeTruthy();

    expect([field('Bio').value, field('Phone').value, field('Pronouns').value]).toEqual([
      'Maker of things',
      PHONE,
      'she/her',
    ]);
    // Still unsaved, so the bar offers to save it.
    expect(screen.getByText('You have unsaved changes')).toBeTruthy();
    server.use(profileUpdatedFrom({ ...fresh, bio: 'Maker of things' }));
    await ue.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(sent('/v1/user/profile/update')).toHaveLength(2));
    expect(sent('/v1/user/profile/update')[1]).toEqual({ phone: PHONE, pronouns: 'she/her' });
    await waitFor(() => expect(screen.queryByText('You have unsaved changes')).toBeNull());
    expect(field('Phone').value).toBe(PHONE);
  }, 20_000);
});
