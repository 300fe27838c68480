import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { derivativeUrl, pictureOf } from '@shared/media';
import { Picture } from '@shared/picture';
import { ProfileSummary } from '@/features/dashboard/components/profile-summary';
import { UserAvatar } from '@/features/shell/components/user-avatar';
import { CardPreview } from '@/components/card-preview';
import { cardDataOf } from '@/lib/card-data';
import { aUser } from './fixtures';

// The API names an image by its JPEG derivative; each screen draws the derivative of its size.
const SET = 'https://card.test/media/avatars/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210';
const avatarUrl = `${SET}/384.jpg`;
const user = aUser({ avatar_url: avatarUrl, avatar: avatarUrl });

const sourcesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('source')].map((source) => ({
    type: source.getAttribute('type'),
    srcset: source.getAttribute('srcset'),
    sizes: source.getAttribute('sizes'),
  }));

describe('derivatives in the dashboard', () => {
  it('the header avatar (36 px) offers no more than 3x its size', () => {
    const { container } = render(<UserAvatar user={user} />);
    expect(sourcesOf(container)).toEqual([
      { type: 'image/avif', srcset: `${SET}/96.avif 96w`, sizes: '36px' },
      { type: 'image/webp', srcset: `${SET}/96.webp 96w`, sizes: '36px' },
    ]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`${SET}/384.jpg`);
  });

  it('the profile summary (80 px) offers 96 and 192; the theme preview draws the photo as the card does', () => {
    const summary = render(
      <MemoryRouter>
        <ProfileSummary user={user} />
      </MemoryRouter>,
    );
    expect(sourcesOf(summary.container).map((s) => [s.srcset, s.sizes])).toEqual([
      [`${SET}/96.avif 96w, ${SET}/192.avif 192w`, '80px'],
      [`${SET}/96.webp 96w, ${SET}/192.webp 192w`, '80px'],
    ]);
    const preview = render(
      <CardPreview
        label="Theme preview"
        card={cardDataOf(user, [], {
          custom_theme: {
            background_color: '#fff',
            text_color: '#000',
            accent_color: '#06c',
            font_family: 'Inter, sans-serif',
          },
        })}
      />,
    );
    // The preview is the card itself (in a shadow root): its photo offers what the card's offers.
    const card = preview.getByRole('img', { name: 'Theme preview' }).shadowRoot!;
    const edge = render(<Picture url={avatarUrl} kind="avatar" alt="" />);
    expect(sourcesOf(card as unknown as HTMLElement)).toEqual(sourcesOf(edge.container));
    expect(sourcesOf(edge.container)).not.toEqual([]);
  });

  it('an image URL that names no set (an upload preview) is drawn as it is', () => {
    expect(pictureOf('blob:https://card.test/1234', 'avatar')).toEqual({
      src: 'blob:https://card.test/1234',
      sources: [],
    });
    expect(derivativeUrl(avatarUrl, 'avatar', 150, 'webp')).toBe(`${SET}/192.webp`);
    expect(derivativeUrl(avatarUrl, 'avatar', 999, 'jpg')).toBe(`${SET}/384.jpg`);
  });
});
