import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/platforms';
import { Component as Icons } from '@/app/routes/icons';
import { Component as Landing } from '@/app/routes/landing';
import { Component as NotFound } from '@/app/routes/not-found';
import { createQueryClient } from '@/lib/query-client';
import { renderRoutes } from './helpers';

describe('landing page', () => {
  it('has the header anchors, hero, features, steps, testimonials and call to action', () => {
    renderRoutes([{ path: '/', element: <Landing /> }], '/');
    const sections = screen.getAllByRole('navigation', { name: 'Page sections' })[0]!;
    expect(within(sections).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(sections).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '#how-it-works');
    expect(within(sections).getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '#testimonials');
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Digital Identity, Simplified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '#features');
    for (const title of ['Easy Sharing', 'Beautiful Templates', 'Analytics & Insights']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const steps = within(screen.getByRole('region', { name: 'How It Works' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Step 1: Create your account',
      'Step 2: Customize your card',
      'Step 3: Share it everywhere',
    ]);
    const cta = screen.getByRole('region', { name: 'Ready to share who you are?' });
    expect(within(cta).getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute('href', '/auth/register');
    expect(within(cta).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const testimonials = screen.getByRole('region', { name: 'Loved by people who network' });
    expect(within(testimonials).getAllByRole('figure')).toHaveLength(3);
    // Each with its picture in blue or purple, a name and a title, and its keywords.
    for (const figure of within(testimonials).getAllByRole('figure')) {
      const picture = decodeURIComponent(figure.querySelector('img')!.getAttribute('src')!);
      expect(picture).toMatch(/fill="(#2563eb|#7c3aed)"/);
      expect(figure.querySelector('figcaption')!.querySelectorAll('span > span')).toHaveLength(2);
      expect(within(figure).getByRole('list', { name: 'Keywords' }).children.length).toBeGreaterThan(0);
    }
    expect(within(testimonials).getByText('everything is in one place').tagName).toBe('STRONG');
  });
});

describe('/icons', () => {
  it('lists every platform by category with its name and id, and marks a failed icon Not Found', () => {
    renderRoutes([{ path: '/icons', element: <Icons /> }], '/icons');
    expect(screen.getByText(String(PLATFORMS.length))).toBeInTheDocument();
    const programming = screen.getByRole('region', { name: /Programming/ });
    expect(within(programming).getByText('GitHub')).toBeInTheDocument();
    expect(within(programming).getByText('github')).toBeInTheDocument();
    const icon = within(programming).getByRole('img', { name: 'GitHub icon' });
    expect(icon).toHaveAttribute('src', '/icons/github.svg');
    fireEvent.error(icon);
    const placeholder = within(programming).getByRole('img', { name: 'Not Found' });
    expect(placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});

describe('Page Not Found', () => {
  it('shows the path with Go to Homepage, Go Back and a Return link', async () => {
    const { user, router } = renderRoutes(
      [
        { path: '/', element: <h1>Home</h1> },
        { path: '*', element: <NotFound /> },
      ],
      '/no/such/page',
    );
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Homepage' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('/auth', () => {
  it('goes to /auth/login', async () => {
    window.history.replaceState(null, '', '/auth');
    try {
      // The app's own route table, as the browser loads it.
      const { AppRouter } = await import('@/app/router');
      render(
        <QueryClientProvider client={createQueryClient()}>
          <AppRouter />
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/auth/login');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
