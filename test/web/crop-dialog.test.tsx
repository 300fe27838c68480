import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/types';
import { AvatarField } from '@/features/profile/components/avatar-field';
import { CoverField } from '@/features/profile/components/cover-field';
import { boxOf, pan, settle } from '@/features/profile/lib/crop-box';
import { imageSourceResponse } from '@shared/schemas/media';
import { answer } from './api/answer';
import { calls, server } from './api/server';
import { aUser, CROP_SOURCE as SOURCE } from './fixtures';
import { renderScreen } from './helpers';

const SET = 'http://localhost/media/avatars/0123456789abcdef0123456789abcdef/fedcba9876543210fedcba9876543210';
const COVER = SET.replace('avatars', 'covers');
const user: User = aUser({
  avatar_url: `${SET}/384.jpg`,
  avatar: `${SET}/384.jpg`,
  cover_image_url: `${COVER}/960.jpg`,
});

/** The source image "loads" at a size (the DOM here decodes no image). */
async function loadSource(width: number, height: number) {
  const image = await waitFor(() => {
    const found = document.querySelector<HTMLImageElement>(`img[src="${SOURCE}"]`);
    if (!found) throw new Error('no source image yet');
    return found;
  });
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  fireEvent.load(image);
  return image;
}

describe('the crop box', () => {
  const portrait = { width: 3, height: 4 };
  it('is the largest box of the shape at zoom 1, centred, and stays inside when moved or zoomed', () => {
    expect(boxOf(portrait, 1, { zoom: 1, cx: 0.5, cy: 0.5 })).toEqual({ x: 0, y: 0.125, width: 1, height: 0.75 });
    // A 3:1 strip of a portrait photo is a quarter of its height.
    expect(boxOf(portrait, 3, { zoom: 1, cx: 0.5, cy: 0 })).toEqual({ x: 0, y: 0, width: 1, height: 0.25 });
    const zoomed = settle(portrait, 1, { zoom: 2, cx: 0.9, cy: 0.9 });
    expect(boxOf(portrait, 1, zoomed)).toEqual({ x: 0.5, y: 0.625, width: 0.5, height: 0.375 });
    expect(settle(portrait, 1, { zoom: 9, cx: 0.5, cy: 0.5 }).zoom).toBe(4);
    // Dragging the photo right by the frame's width shows what was to its left.
    const moved = pan(portrait, 1, zoomed, 1, 0);
    expect(boxOf(portrait, 1, moved).x).toBe(0);
  });
});

describe("'Adjust'", () => {
  it('opens the avatar in a square frame; arrow keys and + move and zoom; Save sends the box', async () => {
    const ue = userEvent.setup();
    renderScreen(<AvatarField user={user} />);
    await ue.click(screen.getByRole('button', { name: 'Adjust' }));
    // The dialog's code is loaded on this first 'Adjust'.
    expect(await screen.findByRole('dialog', { name: 'Adjust profile photo' }, { timeout: 10_000 })).toBeTruthy();
    await loadSource(400, 300);
    const frame = screen.getByLabelText('Crop area');
    frame.focus();
    await ue.keyboard('{+}{+}{+}{+}');
    expect((screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).value).toBe('2');
    await ue.keyboard('{ArrowLeft}{Shift>}{ArrowUp}{/Shift}');
    await ue.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/v1/user/profile/avatar/crop')).toBe(true));
    const sent = calls.find((call) => call.path === '/v1/user/profile/avatar/crop')!.body as Record<string, number>;
    // Landscape 4:3: the square is 3/4 of the width at zoom 1, 3/8 at zoom 2, moved left and up.
    expect(sent.width).toBeCloseTo(0.375);
    expect(sent.height).toBeCloseTo(0.5);
    expect(sent.x).toBeCloseTo(0.3125 - 0.0375);
    expect(sent.y).toBeCloseTo(0);
    expect(await screen.findByText('Profile photo updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the photo and says why Save waits from the first frame, while the whole image is on its way', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    server.use(
      http.get('/v1/user/profile/avatar/source', async () => {
        await arrived;
        return answer(imageSourceResponse, { success: true, data: { image: SOURCE } });
      }),
    );
    const ue = userEvent.setup();
    renderScreen(<AvatarField user={user} />);
    await ue.click(screen.getByRole('button', { name: 'Adjust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust profile photo' }, { timeout: 10_000 });
    const frame = within(dialog).getByLabelText('Crop area');
    // Not a blank frame: the photo as the card shows it, and in words what is happening.
    const shown = frame.querySelector('img');
    expect(shown?.getAttribute('src')?.startsWith(SET)).toBe(true);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Loading the whole image to choose from. Save is ready once it has arrived.',
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    arrive();
    await loadSource(400, 300);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect([...frame.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([SOURCE]);
  });

  it('opens the cover in a 3:1 frame, drags it with the pointer, and Cancel sends nothing', async () => {
    const ue = userEvent.setup();
    renderScreen(<CoverField user={user} />);
    await ue.click(screen.getByRole('button', { name: 'Adjust cover' }));
    expect(await screen.findByRole('dialog', { name: 'Adjust cover image' }, { timeout: 10_000 })).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/v1/user/profile/cover-image/source');
    const image = await loadSource(3, 4);
    expect(image.style.width).toBe('100%');
    expect(image.style.height).toBe('400%');
    expect(image.style.top).toBe('-150%');
    const frame = screen.getByLabelText('Crop area');
    frame.getBoundingClientRect = () => ({ width: 300, height: 100 }) as DOMRect;
    // Drag the photo up by half the frame: the strip moves down an eighth of the photo.
    fireEvent.pointerDown(frame, { clientX: 10, clientY: 80, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 10, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(frame, { pointerId: 1 });
    expect(image.style.top).toBe('-200%');
    await ue.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/crop'))).toBe(false);
  });
});

describe("'Adjust' on a touch screen", () => {
  it('speaks of fingers, not keys, and a pinch zooms', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia.call(window, query),
      matches: query === '(pointer: coarse)',
    })) as typeof window.matchMedia;
    try {
      const ue = userEvent.setup();
      renderScreen(<AvatarField user={user} />);
      await ue.click(screen.getByRole('button', { name: 'Adjust' }));
      const dialog = await screen.findByRole('dialog', { name: 'Adjust profile photo' }, { timeout: 10_000 });
      expect(dialog).toHaveAccessibleDescription(
        'Drag the photo with a finger to move it; pinch or use the slider to zoom.',
      );
      await loadSource(400, 300);
      const frame = screen.getByLabelText('Crop area');
      frame.getBoundingClientRect = () => ({ width: 200, height: 200 }) as DOMRect;
      const zoom = () => Number((screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).value);
      expect(zoom()).toBe(1);
      // Two fingers 40 px apart move to 80 px apart: the photo is drawn twice as large.
      fireEvent.pointerDown(frame, { clientX: 80, clientY: 100, pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerDown(frame, { clientX: 120, clientY: 100, pointerId: 2, pointerType: 'touch' });
      fireEvent.pointerMove(frame, { clientX: 140, clientY: 100, pointerId: 2, pointerType: 'touch' });
      fireEvent.pointerMove(frame, { clientX: 60, clientY: 100, pointerId: 1, pointerType: 'touch' });
      fireEvent.pointerUp(frame, { pointerId: 1 });
      fireEvent.pointerUp(frame, { pointerId: 2 });
      expect(zoom()).toBeCloseTo(2);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
