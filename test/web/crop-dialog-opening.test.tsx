import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/types';
import { AvatarField } from '@/features/profile/components/avatar-field';
import { CoverField } from '@/features/profile/components/cover-field';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// A file of its own: the dialog's code is fetched on the first 'Adjust' of the page (in this file,
// the first test's), and that moment is what is checked here.
const SET = 'http://localhost/media/avatars/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210';
const COVER = SET.replace('avatars', 'covers');
const user: User = aUser({
  avatar_url: `${SET}/384.jpg`,
  avatar: `${SET}/384.jpg`,
  cover_image_url: `${COVER}/960.jpg`,
});

describe("'Adjust' before the dialog's code has arrived", () => {
  it('shows the photo the card shows and a labelled progress indicator in the first frame after the tap', async () => {
    renderScreen(<AvatarField user={user} />);
    // One synchronous render after the tap: the dialog's code cannot have arrived yet.
    fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const opening = screen.getByRole('progressbar', { name: 'Opening the photo…' });
    expect(opening.querySelector('img')?.getAttribute('src')?.startsWith(SET)).toBe(true);
    // Then the dialog itself, in the progress indicator's place.
    const dialog = await screen.findByRole('dialog', { name: 'Adjust profile photo' }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Crop area')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Opening the photo…' })).toBeNull();
  });

  it("opens the cover's dialog with the cover once the code is there", async () => {
    renderScreen(<CoverField user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adjust cover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust cover image' }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Crop area').querySelector('img')?.getAttribute('src')).toContain(COVER);
  });
});
