import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@shared/types';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { LinksScreen } from '@/features/links/components/links-screen';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { StatsScreen } from '@/features/stats/components/stats-screen';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { failure, networkFailure, noBody } from './api/answer';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

// docs/product.md §8: a screen's load or save failure reads the documented words when the server
// sends no message (a 500 with no body) or nothing answers (a network failure).
// Uploads go by XMLHttpRequest (for their progress), which fails the same ways.
const failures = [
  { name: 'a 500 with no body', fail: () => noBody(500) },
  { name: 'a network failure', fail: networkFailure },
];

// Jane with the default theme, whose themes list holds it; everything else as the defaults answer.
const theme = aTheme();
const user: User = aUser({ theme_id: 1, theme });
beforeEach(() => {
  server.use(profileIs(user));
});

/** Every call answers as the server would, except `failing`, which gets `fail()`. */
const serveFailing = (method: 'get' | 'post' | 'put', failing: string, fail: () => Response) =>
  server.use(http[method](failing, fail));

// The current-user query retries once (docs/product.md §9), a second later.
const LOAD_TIMEOUT = { timeout: 5000 };

const loadErrors: { screen: string; ui: () => ReactNode; failing: string; message: string }[] = [
  {
    screen: 'Profile Settings',
    ui: () => <ProfileScreen />,
    failing: '/v1/user/profile',
    message: 'Error loading profile data: Failed to fetch profile',
  },
  {
    screen: 'the overview',
    ui: () => <OverviewScreen />,
    failing: '/v1/user/profile',
    message: 'Error loading profile data: Failed to fetch profile',
  },
  {
    screen: 'the overview',
    ui: () => <OverviewScreen />,
    failing: '/v1/user/stats',
    message: 'Error loading statistics data: Failed to fetch user statistics',
  },
  {
    screen: 'Statistics',
    ui: () => <StatsScreen />,
    failing: '/v1/user/stats',
    message: 'Error loading statistics data: Failed to fetch user statistics',
  },
  {
    screen: 'Manage Links',
    ui: () => <LinksScreen />,
    failing: '/v1/user/links',
    message: 'Error loading links: Failed to fetch links',
  },
  {
    screen: 'Theme Settings',
    ui: () => <ThemesScreen />,
    failing: '/v1/user/themes',
    message: 'Error loading themes: Failed to fetch themes',
  },
  {
    screen: 'the Template Gallery',
    ui: () => <TemplatesScreen />,
    failing: '/v1/user/templates',
    message: 'Error loading templates: Failed to fetch templates',
  },
];

describe.each(failures)('with $name', ({ fail }) => {
  it.each(loadErrors)('$screen shows $message', async ({ ui, failing, message }) => {
    serveFailing('get', failing, fail);
    renderScreen(ui());
    expect(await screen.findByText(message, {}, LOAD_TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("a failed theme save toasts 'Failed to update theme. Please try again.'", async () => {
    serveFailing('put', '/v1/user/profile/theme', fail);
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    // An unsaved change (custom colours) brings the save bar.
    await ue.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    await ue.click(await screen.findByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Failed to update theme. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch$|status 500/)).not.toBeInTheDocument();
  });

  describe('uploads', () => {
    const png = () => new File([new Uint8Array(100)], 'me.png', { type: 'image/png' });

    it("a failed avatar upload toasts 'Failed to upload profile photo'", async () => {
      serveFailing('post', '/v1/user/profile/avatar', fail);
      const ue = userEvent.setup();
      renderScreen(<ProfileScreen />);
      await ue.upload(await screen.findByLabelText('Profile photo file'), png());
      expect(await screen.findByText('Failed to upload profile photo')).toBeInTheDocument();
    });

    it("a failed cover upload toasts 'Failed to upload cover image'", async () => {
      serveFailing('post', '/v1/user/profile/cover-image', fail);
      const ue = userEvent.setup();
      renderScreen(<ProfileScreen />);
      await ue.upload(await screen.findByLabelText('Cover image file'), png());
      expect(await screen.findByText('Failed to upload cover image')).toBeInTheDocument();
    });
  });
});

it("a failed theme save toasts the server's message when it sends one", async () => {
  serveFailing('put', '/v1/user/profile/theme', () => failure(422, 'The selected theme does not exist'));
  const ue = userEvent.setup();
  renderScreen(<ThemesScreen />);
  await ue.click(await screen.findByRole('button', { name: /Custom Theme/ }));
  await ue.click(await screen.findByRole('button', { name: 'Save Theme' }));
  expect(await screen.findByText('The selected theme does not exist')).toBeInTheDocument();
  expect(screen.queryByText('Failed to update theme. Please try again.')).not.toBeInTheDocument();
});
