import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { LinksScreen } from '@/features/links/components/links-screen';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { StatsScreen } from '@/features/stats/components/stats-screen';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { FakeXhr } from './fake-xhr';
import { aTheme, aUser } from './fixtures';
import { json, stubFetch, renderScreen } from './helpers';

// docs/product.md §8: a screen's load or save failure reads the documented words when the server
// sends no message (a 500 with no body) or nothing answers (a network failure).
const failures = [
  {
    name: 'a 500 with no body',
    fail: () => new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    failUpload: (xhr: FakeXhr) => xhr.respond(500),
  },
  {
    name: 'a network failure',
    fail: () => Promise.reject(new TypeError('Failed to fetch')),
    failUpload: (xhr: FakeXhr) => xhr.fail(),
  },
];

const theme = aTheme();

const user: User = aUser({ theme_id: 1, theme });

const good: Record<string, unknown> = {
  '/v1/user/profile': user,
  '/v1/user/links?all=true': [],
  '/v1/user/themes?all=true': [theme],
  '/v1/user/templates?all=true': [],
  '/v1/user/stats': { profile_views: 0, link_clicks: 0, daily: [] },
};

/** Every call answers as the server would, except `failing`, which gets `fail()`. */
function serveFailing(failing: string, fail: () => Response | Promise<Response>) {
  return stubFetch(({ method, path }) => {
    if (path === failing) return fail();
    if (method === 'GET' && path in good) return json({ success: true, data: good[path] });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

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
    failing: '/v1/user/links?all=true',
    message: 'Error loading links: Failed to fetch links',
  },
  {
    screen: 'Theme Settings',
    ui: () => <ThemesScreen />,
    failing: '/v1/user/themes?all=true',
    message: 'Error loading themes: Failed to fetch themes',
  },
  {
    screen: 'the Template Gallery',
    ui: () => <TemplatesScreen />,
    failing: '/v1/user/templates?all=true',
    message: 'Error loading templates: Failed to fetch templates',
  },
];

describe.each(failures)('with $name', ({ fail, failUpload }) => {
  it.each(loadErrors)('$screen shows $message', async ({ ui, failing, message }) => {
    serveFailing(failing, fail);
    renderScreen(ui());
    expect(await screen.findByText(message, {}, LOAD_TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("a failed theme save toasts 'Failed to update theme. Please try again.'", async () => {
    serveFailing('/v1/user/profile/theme', fail);
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    // An unsaved change (custom colours) brings the save bar.
    await ue.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    await ue.click(await screen.findByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Failed to update theme. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch$|status 500/)).not.toBeInTheDocument();
  });

  describe('uploads', () => {
    beforeEach(() => {
      FakeXhr.all = [];
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
    });
    const png = () => new File([new Uint8Array(100)], 'me.png', { type: 'image/png' });

    it("a failed avatar upload toasts 'Failed to upload profile photo'", async () => {
      serveFailing('none', fail);
      const ue = userEvent.setup();
      renderScreen(<ProfileScreen />);
      await ue.upload(await screen.findByLabelText('Profile photo file'), png());
      act(() => failUpload(FakeXhr.last!));
      expect(await screen.findByText('Failed to upload profile photo')).toBeInTheDocument();
    });

    it("a failed cover upload toasts 'Failed to upload cover image'", async () => {
      serveFailing('none', fail);
      const ue = userEvent.setup();
      renderScreen(<ProfileScreen />);
      await ue.upload(await screen.findByLabelText('Cover image file'), png());
      act(() => failUpload(FakeXhr.last!));
      expect(await screen.findByText('Failed to upload cover image')).toBeInTheDocument();
    });
  });
});

it("a failed theme save toasts the server's message when it sends one", async () => {
  serveFailing('/v1/user/profile/theme', () =>
    json({ success: false, message: 'The selected theme does not exist' }, 422),
  );
  const ue = userEvent.setup();
  renderScreen(<ThemesScreen />);
  await ue.click(await screen.findByRole('button', { name: /Custom Theme/ }));
  await ue.click(await screen.findByRole('button', { name: 'Save Theme' }));
  expect(await screen.findByText('The selected theme does not exist')).toBeInTheDocument();
  expect(screen.queryByText('Failed to update theme. Please try again.')).not.toBeInTheDocument();
});
