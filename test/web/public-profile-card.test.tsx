// The SPA's loaded card draws what the edge card draws (docs/product.md §2, "Loaded"): the avatar's
// fallbacks, links that open in a new tab and report their click, and 'Save contact'.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { colourOf, GENERIC_PERSON } from '@shared/initials';
import type { PublicProfile } from '@shared/types';
import { Component as PublicProfileRoute } from '@/app/routes/public-profile';
import { json, renderRoutes, stubFetch } from './helpers';

const link = (id: number, title: string, url: string) => ({
  id,
  title,
  url,
  icon: '',
  display_order: id,
  is_active: true,
});

const base: PublicProfile = {
  name: 'Ada Lovelace',
  username: 'ada',
  bio: '',
  avatar_url: null,
  avatar: null,
  cover_image_url: null,
  links: [
    link(1, 'GitHub', 'https://github.com/ada'),
    link(2, 'Email me', 'mailto:ada@example.com'),
    link(3, 'Call me', 'tel:+441234567890'),
  ],
  custom_theme: null,
  theme: null,
  template: null,
};

const routes = [{ path: '/p/:username', Component: PublicProfileRoute }];

function showCard(profile: PublicProfile) {
  const calls = stubFetch(({ path }) =>
    path === `/v1/p/${profile.username}` ? json({ success: true, data: profile }) : new Response(null, { status: 204 }),
  );
  const rendered = renderRoutes(routes, `/p/${profile.username}`);
  return { calls, ...rendered };
}

/** The card's avatar: the element named after the person. */
const avatarOf = async (name: string) => screen.findByRole('img', { name });

describe("the SPA card's avatar", () => {
  it("draws the initials in the name's colour when there is no photo", async () => {
    showCard(base);
    const avatar = await avatarOf('Ada Lovelace');
    expect(avatar.querySelector('circle')).toHaveAttribute('fill', colourOf('Ada Lovelace'));
    expect(avatar.querySelector('text')).toHaveTextContent(/^AL$/);
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('shows the photo, and the initials once the photo fails to load', async () => {
    showCard({ ...base, avatar_url: 'https://card.test/media/avatars/missing.png' });
    const avatar = await avatarOf('Ada Lovelace');
    const photo = avatar.querySelector('img');
    expect(photo).toHaveAttribute('src', 'https://card.test/media/avatars/missing.png');
    fireEvent.error(photo as HTMLImageElement);
    await waitFor(() => expect(avatar.querySelector('img')).toBeNull());
    expect(avatar.querySelector('text')).toHaveTextContent(/^AL$/);
  });

  it('falls back to a generic icon, not a letter, when the name gives no initials', async () => {
    showCard({ ...base, name: '   ' });
    await screen.findByText('@ada');
    const avatar = document.querySelector('[role="img"] svg') as SVGElement;
    expect(avatar.querySelector('path')).toHaveAttribute('d', GENERIC_PERSON);
    expect(avatar.querySelector('text')).toBeNull();
    expect(avatar).not.toHaveTextContent('U');
  });
});

describe("the SPA card's links", () => {
  it('opens every link, mailto: and tel: too, in a new tab without the opener, and reports each click', async () => {
    const { calls, user } = showCard(base);
    const list = within(await screen.findByRole('region', { name: 'Links' }));
    for (const [id, title, href] of [
      [1, 'GitHub', 'https://github.com/ada'],
      [2, 'Email me', 'mailto:ada@example.com'],
      [3, 'Call me', 'tel:+441234567890'],
    ] as const) {
      const anchor = list.getByRole('link', { name: title });
      expect(anchor).toHaveAttribute('href', href);
      expect(anchor).toHaveAttribute('target', '_blank');
      expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
      await user.click(anchor);
      expect(calls.map((call) => call.path)).toContain(`/v1/link/${id}/click`);
    }
  });

  it("offers 'Save contact', the card's vCard", async () => {
    showCard(base);
    const save = await screen.findByRole('link', { name: 'Save contact' });
    expect(save).toHaveAttribute('href', '/p/ada.vcf');
    expect(save).toHaveAttribute('download', 'ada.vcf');
  });
});
