import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/types';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { failure } from './api/answer';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { aUser } from './fixtures';
import { expectFieldError, renderScreen } from './helpers';

// The business card's fields in the profile form and the live preview.

const jane: User = aUser({ job_title: 'Engineer', phone: '+442079460958', phone_display: '+44 20 7946 0958' });

beforeEach(() => {
  server.use(profileIs(jane));
});

const open = async () => {
  renderScreen(<ProfileScreen />);
  await screen.findByLabelText<HTMLInputElement>('Name', {}, { timeout: 3000 });
  const preview = () => within(screen.getByRole('img', { name: 'Card preview' }).shadowRoot as unknown as HTMLElement);
  return { preview };
};

describe('the business card fields', () => {
  it('start from the saved values, the phone as people read it', async () => {
    const { preview } = await open();
    expect(screen.getByLabelText('Job title')).toHaveValue('Engineer');
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0958');
    expect(preview().getByRole('link', { name: 'Call +44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
  });

  // Typing six fields key by key takes a few seconds on a busy machine.
  it('the preview shows title, company, phone and e-mail while they are typed', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { preview } = await open();
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'Head of Design');
    await user.type(screen.getByLabelText('Company'), 'Acme');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+1 415 555 2671');
    await user.type(screen.getByLabelText('Email on your card'), 'jane@acme.example');
    await user.type(screen.getByLabelText('Pronouns'), 'she/her');
    expect(preview().getByText('Head of Design · Acme')).toBeInTheDocument();
    expect(preview().getByText('she/her')).toBeInTheDocument();
    expect(preview().getByRole('link', { name: 'Call +1 415 555 2671' })).toHaveAttribute('href', 'tel:+14155552671');
    expect(preview().getByRole('link', { name: 'Email jane@acme.example' })).toHaveAttribute(
      'href',
      'mailto:jane@acme.example',
    );
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("refuses 'call me maybe' under the phone with the server's message, and sends nothing", async () => {
    const user = userEvent.setup();
    await open();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call me maybe');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await vi.waitFor(() => expectFieldError(phone, 'Please enter a valid phone number'));
    expect(calls.filter((call) => call.path === '/v1/user/profile/update')).toEqual([]);
  });

  it("shows the server's refusal of a number the form let through under the phone", async () => {
    server.use(
      http.post('/v1/user/profile/update', () =>
        failure(422, 'Please enter a valid phone number', { phone: ['Please enter a valid phone number'] }),
      ),
    );
    const user = userEvent.setup();
    await open();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+1 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await vi.waitFor(() => expectFieldError(phone, 'Please enter a valid phone number'));
    const sent = calls.find((call) => call.path === '/v1/user/profile/update')?.body as FormData;
    expect(sent.get('phone')).toBe('+1 123 4567');
    // The fields left alone are not sent: they stay as stored.
    expect(sent.has('job_title')).toBe(false);
  });
});
