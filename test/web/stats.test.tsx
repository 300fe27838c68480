import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Stats } from '@shared/schemas/stats';
import { axisMax, DailyChart, labelledDays } from '@/features/stats/components/daily-chart';
import { StatsScreen } from '@/features/stats/components/stats-screen';
import { averageClicksPerLink, clicksPerView } from '@/features/stats/lib/insights';
import { failure, noBody } from './api/answer';
import { calls, server } from './api/server';
import { statsAre } from './api/stats';
import { renderScreen } from './helpers';

const daily = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-01-${String(i + 1).padStart(2, '0')}`,
  views: i === 29 ? 5 : 0,
  clicks: i === 29 ? 2 : 0,
  unique_visitors: i === 29 ? 3 : 0,
}));

const stats = (patch: Partial<Stats>): Stats => ({
  profile_views: 7,
  link_clicks: 10,
  conversion_rate: 33.33,
  links_count: 3,
  active_links_count: 2,
  unique_visitors: 3,
  last_viewed_at: '2026-01-30T10:00:00.000Z',
  contacts_submitted: 2,
  contact_rate: 66.67,
  contact_saves: 4,
  daily,
  links: [{ id: 1, title: 'GitHub', is_active: true, clicks: 10, click_through_rate: 142.86 }],
  referrers: [{ name: 'news.ycombinator.com', views: 4, clicks: 1 }],
  countries: [{ name: 'DE', views: 5, clicks: 2 }],
  devices: [{ name: 'mobile', views: 6, clicks: 2 }],
  channels: [{ name: 'qr', views: 3, clicks: 0 }],
  ...patch,
});

const serve = (data: Stats) => server.use(statsAre(data));
const statsReads = () => calls.filter((call) => call.path.startsWith('/v1/user/stats'));

const insight = (label: string) => within(screen.getByText(label).parentElement!).getByRole('definition').textContent;

describe('Statistics screen', () => {
  it('formats averages to 1 decimal and clicks per view to 2 decimals', async () => {
    serve(stats({}));
    renderScreen(<StatsScreen />);
    await screen.findByText('Performance Insights');
    expect(screen.getByText('Track your digital card performance and engagement')).toBeTruthy();
    expect(insight('Average Clicks per Link')).toBe('3.3');
    expect(insight('Clicks per View Ratio')).toBe('1.43');
    expect(insight('Total Links')).toBe('3');
    expect(screen.getAllByText('33.3%').length).toBeGreaterThan(0);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33.33');
    // The charts' text alternatives.
    expect(screen.getByRole('table', { name: 'Profile views and link clicks per day' })).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(screen.getByText('QR code')).toBeTruthy();
    expect(screen.getByText('news.ycombinator.com')).toBeTruthy();
    expect(screen.getByText('Usage Summary')).toBeTruthy();
  });

  it('says its figures in plain words, each with a short explanation', async () => {
    serve(stats({}));
    renderScreen(<StatsScreen />);
    await screen.findByText('Performance Insights');
    for (const jargon of [/Conversion Rate/i, /\bCTR\b/]) expect(screen.queryByText(jargon)).toBeNull();
    const rate = screen.getByText('Click rate', { selector: 'p' }).parentElement!;
    expect(rate).toHaveTextContent('Of the people who opened your card, how many clicked a link');
    const details = screen.getByText('Visitors who left their details').parentElement!;
    expect(details).toHaveTextContent('2');
    expect(details).toHaveTextContent('66.7% of your 3 unique visitors');
    expect(screen.getByText('142.9% click rate')).toBeInTheDocument();
  });

  it("a source that sent clicks and no counted view reads '2 clicks', never '0 views' beside them", async () => {
    serve(
      stats({
        referrers: [
          { name: 'news.ycombinator.com', views: 4, clicks: 1 },
          { name: 'x.com', views: 0, clicks: 2 },
        ],
      }),
    );
    renderScreen(<StatsScreen />);
    const row = (await screen.findByText('x.com')).closest('li')!;
    expect(row).toHaveTextContent('2 clicks');
    expect(row).not.toHaveTextContent(/0 views/);
    const other = screen.getByText('news.ycombinator.com').closest('li')!;
    expect(other).toHaveTextContent('4 views');
    expect(other).toHaveTextContent('1 click');
  });

  it('the usage summary counts the saves of the contact in the period; a save alone is activity', async () => {
    serve(stats({}));
    const { unmount } = renderScreen(<StatsScreen />);
    await screen.findByText('Usage Summary');
    expect(insight('Saves of the contact')).toBe('4');
    unmount();
    serve(stats({ profile_views: 0, link_clicks: 0, conversion_rate: 0, contact_saves: 1 }));
    renderScreen(<StatsScreen />);
    await screen.findByText('Usage Summary');
    expect(insight('Saves of the contact')).toBe('1');
    expect(screen.queryByText('No Statistics Available')).toBeNull();
  });

  it("the premium teaser keeps the spec's words and names only what is not free", async () => {
    serve(stats({}));
    renderScreen(<StatsScreen />);
    const teaser = (await screen.findByText('Upgrade to Premium')).parentElement!;
    expect(teaser).toHaveTextContent('advanced analytics such as visitor demographics and location data');
    expect(teaser).toHaveTextContent(/age ranges/);
    expect(teaser).toHaveTextContent(/cities/);
    // Every period's history and the exports are free: the teaser never offers them.
    expect(teaser).not.toHaveTextContent(/history|export|30 days/i);
  });

  it("shows 'N/A' when a denominator is zero", async () => {
    serve(stats({ profile_views: 0, links_count: 0, link_clicks: 4, links: [] }));
    renderScreen(<StatsScreen />);
    await screen.findByText('Performance Insights');
    expect(insight('Average Clicks per Link')).toBe('N/A');
    expect(insight('Clicks per View Ratio')).toBe('N/A');
    expect(averageClicksPerLink(0, 4)).toBe('0.0');
    expect(clicksPerView(1, 3)).toBe('0.33');
  });

  it('shows the empty state before any view or click', async () => {
    serve(stats({ profile_views: 0, link_clicks: 0, conversion_rate: 0, contact_saves: 0 }));
    renderScreen(<StatsScreen />);
    expect(await screen.findByText('No Statistics Available')).toBeTruthy();
    expect(screen.getByText('Share your digital card to start collecting data.')).toBeTruthy();
    expect(screen.queryByText('Performance Insights')).toBeNull();
  });

  it('shows the load error and retries', async () => {
    server.use(http.get('/v1/user/stats', () => failure(500, 'Database unavailable')));
    renderScreen(<StatsScreen />);
    expect(await screen.findByText('Error loading statistics data: Database unavailable')).toBeTruthy();
    // Not retried on its own (the screen's query client does not retry).
    expect(statsReads()).toHaveLength(1);
    serve(stats({}));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Performance Insights')).toBeTruthy();
    expect(statsReads()).toHaveLength(2);
  });

  it('keeps the figures shown when a refetch fails (a saved link refreshes them on a bad network)', async () => {
    serve(stats({}));
    const { queryClient } = renderScreen(<StatsScreen />);
    await screen.findByText('Performance Insights');
    server.use(http.get('/v1/user/stats', () => noBody(502)));
    await queryClient.invalidateQueries({ queryKey: ['stats'] });
    expect(statsReads()).toHaveLength(2);
    // The failed read has reached the screen (its query is in error) before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Performance Insights')).toBeTruthy();
    expect(insight('Total Links')).toBe('3');
    expect(screen.queryByText(/Error loading statistics data/)).toBeNull();
  });
});

describe('the period', () => {
  it('drives every figure: choosing 7 days reads that period and shows it', async () => {
    const user = userEvent.setup();
    const week = stats({ profile_views: 2, link_clicks: 1, daily: daily.slice(-7) });
    server.use(statsAre((range) => (range === '7' ? week : stats({}))));
    renderScreen(<StatsScreen />);
    const period = await screen.findByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');
    // The chart's caption names the tab chosen (not the number of days the answer holds).
    expect(await screen.findByText('All time: 5 views, 2 clicks')).toBeInTheDocument();
    await user.click(within(period).getByRole('button', { name: '7 days' }));
    expect(await screen.findByText('Last 7 days: 5 views, 2 clicks')).toBeInTheDocument();
    expect(within(period).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    const views = screen.getByText('Profile Views').closest('div')!.parentElement!;
    expect(within(views).getByText('2')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/v1/user/stats?range=7');
  });

  it("offers 'Copy link' and 'Share' in the empty state", async () => {
    const empty = stats({
      profile_views: 0,
      link_clicks: 0,
      conversion_rate: 0,
      unique_visitors: 0,
      links: [],
      daily: daily.map((d) => ({ ...d, views: 0, clicks: 0, unique_visitors: 0 })),
      referrers: [],
      countries: [],
      devices: [],
      channels: [],
      contacts_submitted: 0,
      contact_rate: 0,
      contact_saves: 0,
    });
    serve(empty);
    renderScreen(<StatsScreen />);
    expect(await screen.findByText('No Statistics Available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share' })).toHaveAttribute('href', '/dashboard/share');
  });
});

describe('the daily chart', () => {
  it('scales to a round top whose half is a whole number, with the scale written beside the bars', () => {
    expect([0, 1, 3, 5, 7, 10, 12, 180, 999].map(axisMax)).toEqual([1, 1, 4, 6, 8, 10, 20, 200, 1000]);
  });

  it('dates about six days, always the first and the last, with one day or ninety', () => {
    expect([...labelledDays(1)]).toEqual([0]);
    expect([...labelledDays(7)].sort((a, b) => a - b)).toEqual([0, 2, 4, 6]);
    const month = [...labelledDays(30)].sort((a, b) => a - b);
    expect(month[0]).toBe(0);
    expect(month.at(-1)).toBe(29);
    expect(month.length).toBeGreaterThanOrEqual(5);
    expect(month.length).toBeLessThanOrEqual(7);
    const quarter = [...labelledDays(90)].sort((a, b) => a - b);
    expect(quarter.at(-1)).toBe(89);
    // No two dates crowd each other.
    const gaps = quarter.slice(1).map((day, i) => day - quarter[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8);
  });

  it('draws every day, an empty one as a mark on the baseline, and bars to scale', () => {
    const days = [
      { date: '2026-11-01', views: 4, clicks: 0, unique_visitors: 3 },
      { date: '2026-11-02', views: 0, clicks: 0, unique_visitors: 0 },
      { date: '2026-11-03', views: 8, clicks: 2, unique_visitors: 5 },
    ];
    renderScreen(<DailyChart daily={days} period="Last 7 days" />);
    const chart = screen.getByTestId('daily-chart');
    // The scale: 8 at the top, 4 half way, 0 at the baseline.
    expect(chart).toHaveTextContent(/^8\s*4\s*0/);
    const columns = chart.querySelectorAll<HTMLElement>('[data-day]');
    expect(columns).toHaveLength(3);
    const heights = [...columns].map((column) =>
      [...column.children].map((bar) => (bar as HTMLElement).style.height || 'baseline'),
    );
    expect(heights).toEqual([
      ['50%', 'baseline'],
      ['baseline', 'baseline'],
      ['100%', '25%'],
    ]);
    expect(columns[1]!.getAttribute('title')).toBe('Nov 2: 0 views, 0 clicks');
    // Each day has its date under the axis when there are few.
    expect(chart).toHaveTextContent(/Nov 1.*Nov 2.*Nov 3/);
  });
});
