import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { authStore } from '@/lib/auth-store';
import { linksAre } from './api/links';
import { profileIs, profileUpdatedFrom } from './api/profile';
import { http } from 'msw';
import { calls, server } from './api/server';
import { aLink, aTemplate, aTheme, aUser } from './fixtures';
import { expectFieldError, renderScreen } from './helpers';

// The default API answers the profile and every change to it with Jane.
const jane: User = aUser();
const uploads = () => calls.filter((call) => /\/(avatar|cover-image)$/.test(call.path));

const open = async () => {
  renderScreen(<ProfileScreen />);
  return screen.findByLabelText<HTMLInputElement>('Name');
};

describe('Profile Settings form', () => {
  it('requires a name and a username, saying so under each field, and sends nothing', async () => {
    const user = userEvent.setup();
    const name = await open();
    const username = screen.getByLabelText<HTMLInputElement>('Username');
    await user.clear(name);
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    // The form's validation code loads on first use, so its messages may come a moment later.
    await vi.waitFor(() => expectFieldError(name, 'Name must be at least 2 characters'));
    expectFieldError(username, 'Username must be at least 3 characters');
    expect(calls.filter((call) => call.path === '/v1/user/profile/update')).toEqual([]);
  });
});

describe('the live preview', () => {
  it('draws the card with the edits as they are typed, before anything is saved', async () => {
    const user = userEvent.setup();
    const name = await open();
    const card = () => screen.getByRole('img', { name: 'Card preview' }).shadowRoot!;
    expect(within(card() as unknown as HTMLElement).getByRole('heading', { name: jane.name })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Jane Q. Public');
    await user.type(screen.getByLabelText('Bio'), 'Speaker and maker');
    const preview = within(card() as unknown as HTMLElement);
    expect(preview.getByRole('heading', { name: 'Jane Q. Public' })).toBeInTheDocument();
    expect(preview.getByText(/Speaker and maker/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("offers 'Preview' on a small screen, showing the same card full screen", async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    const card = within(dialog).getByRole('img', { name: 'Card preview' }).shadowRoot!;
    expect(within(card as unknown as HTMLElement).getByRole('heading', { name: jane.name })).toBeInTheDocument();
  });
});

describe('the save bar and the leave guard', () => {
  const bar = () => screen.queryByRole('region', { name: 'Unsaved changes' });

  it('shows Save and Discard only while there are unsaved edits; Discard puts the saved values back', async () => {
    const user = userEvent.setup();
    const name = await open();
    expect(bar()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Profile' })).toBeNull();
    await user.clear(name);
    await user.type(name, 'Jane Q. Public');
    expect(within(bar()!).getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(within(bar()!).getByRole('button', { name: 'Discard' }));
    expect(name).toHaveValue(jane.name);
    expect(bar()).toBeNull();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("saves from the bar, saying 'Updating profile...' until it is answered, and the bar goes away", async () => {
    let answerSave = () => {};
    const held = new Promise<void>((resolve) => (answerSave = resolve));
    // The save waits for answerSave, then the default profile API answers it.
    server.use(http.post('/v1/user/profile/update', async () => void (await held)));
    const user = userEvent.setup();
    const name = await open();
    await user.type(screen.getByLabelText('Bio'), ' Now with a longer bio.');
    await user.click(within(bar()!).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Updating profile...')).toBeInTheDocument();
    answerSave();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Updating profile...')).toBeNull();
    const update = calls.find((call) => call.path === '/v1/user/profile/update')?.body as FormData;
    expect(Object.fromEntries(update.entries())).toEqual({ bio: `${jane.bio ?? ''} Now with a longer bio.`.trim() });
    await vi.waitFor(() => expect(bar()).toBeNull());
    expect(name).toHaveValue(jane.name);
  });

  it('sends only what changed, then shows what is stored: a bio saved meanwhile in another tab stays', async () => {
    // This tab loaded Jane; another tab has since saved a new bio.
    server.use(profileUpdatedFrom({ ...jane, bio: 'Saved in the other tab' }));
    const user = userEvent.setup();
    const name = await open();
    expect(screen.getByLabelText('Bio')).toHaveValue(jane.bio);
    await user.clear(name);
    await user.type(name, 'Jane Q. Public');
    await user.click(within(bar()!).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const update = calls.find((call) => call.path === '/v1/user/profile/update')?.body as FormData;
    expect(Object.fromEntries(update.entries())).toEqual({ name: 'Jane Q. Public' });
    // The form now holds what is really saved: the other tab's bio, not this tab's stale copy.
    await vi.waitFor(() => expect(screen.getByLabelText('Bio')).toHaveValue('Saved in the other tab'));
    expect(name).toHaveValue('Jane Q. Public');
    expect(bar()).toBeNull();
  });

  // A bad phone network: the refetch after the save hangs for seconds (its retries). The answer
  // holds the saved profile, so the form says so at once and nothing is left unsaved.
  it("says 'Profile updated successfully' at once when the refetch after the save hangs", async () => {
    const user = userEvent.setup();
    await open();
    const hang = () => new Promise<never>(() => {});
    server.use(http.get('/v1/user/profile', hang), http.get('/v1/user/links', hang));
    await user.type(screen.getByLabelText('Bio'), ' On a train.');
    await user.click(within(bar()!).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await vi.waitFor(() => expect(bar()).toBeNull());
    expect(screen.getByLabelText('Bio')).toHaveValue(`${jane.bio ?? ''} On a train.`.trim());
  });

  it('asks before leaving with unsaved edits: Stay keeps them, Leave goes', async () => {
    authStore.setUser(jane);
    const user = userEvent.setup();
    const { router } = renderScreen(<ProfileScreen />);
    const name = await screen.findByLabelText<HTMLInputElement>('Name', {}, { timeout: 3000 });
    await user.type(name, ' Jr');

    void router.navigate('/dashboard/links');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(name).toHaveValue(`${jane.name} Jr`);

    void router.navigate('/dashboard/links');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
  });

  it('makes the browser ask before closing the tab only while there are unsaved edits', async () => {
    const user = userEvent.setup();
    const name = await open();
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    await user.type(name, ' Jr');
    expect(closing()).toBe(true);
    await user.click(within(bar()!).getByRole('button', { name: 'Discard' }));
    expect(closing()).toBe(false);
  });
});

describe('choosing an image of the wrong type', () => {
  const file = (name: string, type: string) => new File(['not an image'], name, { type });

  it('refuses an avatar that is not JPG, PNG, GIF or WebP before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await open();
    const input = screen.getByLabelText('Profile photo file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    await user.upload(input, file('notes.txt', 'text/plain'));
    expect(await screen.findAllByText('Photo must be a JPG, PNG, GIF or WebP file')).toHaveLength(2);
    expect(document.getElementById('avatar-error')).toHaveTextContent('Photo must be a JPG, PNG, GIF or WebP file');
    expect(uploads()).toEqual([]);
  });

  it('refuses a cover that is not an image (an SVG too) before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await open();
    await user.upload(screen.getByLabelText('Cover image file'), file('cover.svg', 'image/svg+xml'));
    expect(await screen.findAllByText('Cover must be a JPG, PNG, GIF or WebP file')).toHaveLength(2);
    expect(document.getElementById('cover-error')).toHaveTextContent('Cover must be a JPG, PNG, GIF or WebP file');
    expect(uploads()).toEqual([]);
  });

  it('uploads a WebP cover, as phones produce, at once', async () => {
    const user = userEvent.setup();
    await open();
    await user.upload(screen.getByLabelText('Cover image file'), file('cover.webp', 'image/webp'));
    await vi.waitFor(() =>
      expect(uploads().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /v1/user/profile/cover-image']),
    );
    expect((uploads()[0]!.body as FormData).get('cover_image')).toBeInstanceOf(File);
    expect(document.getElementById('cover-error')).toBeNull();
  });
});

describe('the statistics block and the card to share', () => {
  it('shows views, links, template, theme and dates; View Profile opens the card in a new tab; Copy URL copies it', async () => {
    server.use(
      profileIs(
        aUser({
          views: 1234,
          template: aTemplate({ id: 2 }),
          theme: aTheme({ name: 'Midnight' }),
          created_at: '2026-01-02T12:00:00.000Z',
          last_viewed_at: '2026-03-04T12:00:00.000Z',
        }),
      ),
      ...linksAre([
        aLink({ id: 1, title: 'One', url: 'https://a.example', icon: '', display_order: 0, is_active: true }),
        aLink({ id: 2, title: 'Two', url: 'https://b.example', icon: '', display_order: 1, is_active: false }),
      ]),
    );
    const user = userEvent.setup();
    await open();
    const block = within(screen.getByText('Statistics').closest('.rounded-xl') as HTMLElement);
    const row = (label: string) => block.getByText(label).nextElementSibling?.textContent;
    await vi.waitFor(() => expect(row('Links')).toBe('2'));
    expect(row('Profile views')).toBe('1,234');
    expect(row('Template')).toBe('Professional');
    expect(row('Theme')).toBe('Midnight');
    expect(row('Member since')).toBe('Jan 2, 2026');
    expect(row('Last viewed')).toBe('Mar 4, 2026');

    const view = screen.getByRole('link', { name: /View Profile/ });
    expect(view).toHaveAttribute('href', '/p/jane');
    expect(view).toHaveAttribute('target', '_blank');
    // user-event's clipboard stands in for the browser's.
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/p/jane`);
    expect(await screen.findByText('Profile URL copied to clipboard')).toBeInTheDocument();
  });
});
