import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { retryableLazy } from '@/lib/retryable-lazy';

// A section whose code is its own chunk (the link form), on a phone that lost its
// signal: the chunk cannot be fetched. The section says so in the app's words, and its Try Again
// fetches the chunk anew once the signal is back, with no reload.
describe('a section whose chunk could not be fetched', () => {
  it("says 'could not be loaded' without the browser's words, and Try Again loads it", async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/link-form-X.js'),
      )
      .mockResolvedValue({ default: () => <p>The link form</p> });
    const Form = retryableLazy(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <SectionErrorBoundary name="link form">
        <Suspense fallback={<p>Loading</p>}>
          <Form />
        </Suspense>
      </SectionErrorBoundary>,
    );
    expect(
      await screen.findByText('This section could not be loaded. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('The link form')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
