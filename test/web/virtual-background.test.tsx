import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { VirtualBackgroundCard } from '@/features/share/components/virtual-background-card';
import { failure } from './api/answer';
import { calls, server } from './api/server';
import { renderScreen } from './helpers';

// The Share screen's virtual background, previewed from the API's picture.

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const picture = () => new HttpResponse(PNG, { headers: { 'Content-Type': 'image/png' } });

describe('the virtual background on the Share screen', () => {
  it('says why when the preview cannot be drawn (the card was taken down)', async () => {
    server.use(http.get('/v1/user/share/virtual-background.png', () => failure(404, 'Profile not found')));
    renderScreen(<VirtualBackgroundCard username="ada" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile not found');
    expect(screen.queryByRole('img', { name: /^Virtual background preview/ })).toBeNull();
  });

  // Last: happy-dom follows the download's blob: link, and later relative requests would fail.
  it('previews the small size and downloads either size with the session', async () => {
    server.use(http.get('/v1/user/share/virtual-background.png', () => picture()));
    renderScreen(<VirtualBackgroundCard username="ada" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show preview' }));
    const preview = await screen.findByRole('img', { name: /^Virtual background preview/ });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(calls.map((call) => call.path)).toEqual(['/v1/user/share/virtual-background.png?size=1280x720']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download 1920×1080' }));
    expect(calls.map((call) => call.path)).toContain('/v1/user/share/virtual-background.png?size=1920x1080');
  });
});
