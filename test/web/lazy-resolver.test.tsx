import { render, screen } from '@testing-library/react';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from '@/lib/lazy-resolver';

// The dashboard forms' validation (zod and the schema) loads on first use, not with the screen,
// to keep a dashboard screen's first load within 200 KB; it must still validate, and a chunk
// that cannot be fetched must not let the form submit unchecked.

type Values = { title: string };
const options = { fields: {}, shouldUseNativeValidation: false } as never;
const requireTitle: Resolver<Values, unknown, Values> = (values): ResolverResult<Values, Values> =>
  values.title
    ? { values, errors: {} as Record<string, never> }
    : { values: {}, errors: { title: { type: 'required', message: 'Title is required' } } };

describe('a lazily loaded form resolver', () => {
  it('loads once, on first focus or first validation, and validates as the loaded one does', async () => {
    const load = vi.fn(async () => requireTitle);
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    expect(await resolver({ title: '' }, undefined, options)).toMatchObject({
      errors: { title: { message: 'Title is required' } },
    });
    expect(await resolver({ title: 'GitHub' }, undefined, options)).toEqual({
      values: { title: 'GitHub' },
      errors: {},
    });
    expect(load).toHaveBeenCalledOnce();
  });

  it('refuses to submit when the validation cannot be fetched, says so, and tries again next time', async () => {
    render(<Toaster />);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof requireTitle>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(requireTitle);
    const { resolver } = lazyResolver(load);
    const failed = await resolver({ title: 'GitHub' }, undefined, options);
    expect(Object.keys(failed.errors)).not.toHaveLength(0);
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(await resolver({ title: 'GitHub' }, undefined, options)).toEqual({
      values: { title: 'GitHub' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
