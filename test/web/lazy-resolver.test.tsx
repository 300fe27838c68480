import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
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

type Card = { bio: string; phone: string };
const phoneShaped: Resolver<Card, unknown, Card> = (values): ResolverResult<Card, Card> =>
  values.phone === '' || /^\+\d{7,15}$/.test(values.phone.replace(/\s/g, ''))
    ? { values: { ...values }, errors: {} as Record<string, never> }
    : { values: {}, errors: { phone: { type: 'shape', message: 'Please enter a valid phone number' } } };

function CardForm({ resolver, onSave }: { resolver: Resolver<Card, unknown, Card>; onSave: (card: Card) => void }) {
  const { register, handleSubmit, formState } = useForm<Card, unknown, Card>({
    resolver,
    defaultValues: { bio: '', phone: '' },
  });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <label>
        Bio <input {...register('bio')} />
      </label>
      <label>
        Phone <input {...register('phone')} />
      </label>
      <p>{formState.errors.phone?.message}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('a form saved while its validation still loads', () => {
  it('checks and saves what the fields held when Save was pressed, not a field typed into meanwhile', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const { resolver } = lazyResolver(async () => {
      await arrived;
      return phoneShaped;
    });
    const onSave = vi.fn();
    const ue = userEvent.setup();
    render(<CardForm resolver={resolver} onSave={onSave} />);
    await ue.type(screen.getByLabelText('Bio'), 'Rear admiral');
    await ue.click(screen.getByRole('button', { name: 'Save' }));
    // The code is still on its way (a slow phone network, an upload taking the bandwidth).
    await ue.type(screen.getByLabelText('Phone'), '+1 2');
    arrive();
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ bio: 'Rear admiral', phone: '' });
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
  });
});
