import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { otpVerifiedResponse } from '@shared/schemas/auth';
import { Component as VerifyOtp } from '@/app/routes/auth/verify-otp';
import { answer, failure, noBody } from './api/answer';
import { calls, server } from './api/server';
import { renderRoutes } from './helpers';

const renderVerify = (url = '/auth/verify-otp?email=ada%40example.com') =>
  renderRoutes(
    [
      { path: '/auth/verify-otp', element: <VerifyOtp /> },
      { path: '/auth/reset-password', element: <h1>Reset screen</h1> },
      { path: '/auth/forgot-password', element: <h1>Forgot screen</h1> },
    ],
    url,
  );

const boxes = () => Array.from({ length: 6 }, (_, i) => screen.getByLabelText(`Digit ${i + 1} of 6`));
const values = () => boxes().map((box) => (box as HTMLInputElement).value);
// Only the countdown's interval is faked: React and the router schedule their own work with
// real timeouts, which must keep running.
const fakeIntervals = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const codeGroup = () => screen.getByRole('group', { name: 'Verification code' });

describe('verify-otp screen', () => {
  it('focuses the first box, moves on while typing and back on Backspace', async () => {
    const { user } = renderVerify();
    const [first, second, third] = boxes();
    expect(first).toHaveFocus();
    await user.keyboard('12');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(third).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(second).toHaveFocus();
    expect(values()).toEqual(['1', '', '', '', '', '']);
    await user.keyboard('{Backspace}');
    expect(first).toHaveFocus();
    expect(values()).toEqual(['', '', '', '', '', '']);
  });

  it('fills all six boxes from a pasted code', async () => {
    const { user } = renderVerify();
    await user.paste('482 913');
    expect(values()).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(boxes()[5]).toHaveFocus();
  });

  it("shows 'OTP must be 6 digits' and 'OTP must contain only digits' under the code", async () => {
    const { user } = renderVerify();
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    // The rules load with the form's first use, so the message may come a moment later.
    await waitFor(() => expect(codeGroup()).toHaveAccessibleDescription('OTP must be 6 digits'));
    await user.click(boxes()[0]!);
    await user.paste('12a456');
    await waitFor(() => expect(codeGroup()).toHaveAccessibleDescription('OTP must contain only digits'));
    expect(calls).toHaveLength(0);
  });

  it('sends a link without an e-mail address to forgot-password, saying why, and calls nothing', async () => {
    for (const url of ['/auth/verify-otp', '/auth/verify-otp?email=', '/auth/verify-otp?email=ada']) {
      const { router } = renderVerify(url);
      expect(await screen.findByRole('heading', { name: 'Forgot screen' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/forgot-password');
      expect(await screen.findByText('Please enter your email to receive a verification code')).toBeInTheDocument();
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
      expect(calls).toHaveLength(0);
      cleanup();
    }
  });

  it('verifies the code and goes on to reset-password with the token', async () => {
    server.use(
      http.post('/v1/auth/verify-otp', () =>
        answer(otpVerifiedResponse, { success: true, message: 'OTP verified successfully', data: { token: 'tok-9' } }),
      ),
    );
    const { user, router } = renderVerify();
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { name: 'Reset screen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=ada%40example.com&token=tok-9');
    expect(screen.getByText('OTP verified successfully')).toBeInTheDocument();
    expect(calls).toMatchObject([{ path: '/v1/auth/verify-otp', body: { otp: '123456', email: 'ada@example.com' } }]);
  });

  it("keeps the address in a hidden field and offers 'Use a different email'", async () => {
    const { user, router } = renderVerify();
    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"][name="email"]');
    expect(hidden?.value).toBe('ada@example.com');
    await user.click(screen.getByRole('link', { name: 'Use a different email' }));
    expect(await screen.findByRole('heading', { name: 'Forgot screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it("says 'Failed to verify OTP. Please try again.' when the server says nothing", async () => {
    server.use(http.post('/v1/auth/verify-otp', () => noBody(500)));
    const { user } = renderVerify();
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(
      await screen.findByText('Failed to verify OTP. Please try again.', { selector: '[role="alert"]' }),
    ).toBeVisible();
  });

  it("shows the server's message when the code is wrong", async () => {
    server.use(http.post('/v1/auth/verify-otp', () => failure(400, 'Invalid or expired verification code')));
    const { user } = renderVerify();
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(
      await screen.findByText('Invalid or expired verification code', { selector: '[role="alert"]' }),
    ).toBeVisible();
  });

  it("counts 120 seconds down as m:ss, then offers 'Resend code', which restarts at 2:00", async () => {
    fakeIntervals();
    const { user } = renderVerify();
    expect(screen.getByText('2:00')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('1:59')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(110_000));
    expect(screen.getByText('0:09')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText(/Resend code in/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('2:00')).toBeInTheDocument();
    expect(calls).toMatchObject([{ path: '/v1/auth/forgot-password', body: { email: 'ada@example.com' } }]);
    expect(await screen.findByText('New verification code sent to your email')).toBeInTheDocument();
  });

  it('keeps the countdown at 0 when the resend fails', async () => {
    fakeIntervals();
    server.use(http.post('/v1/auth/forgot-password', () => failure(429, 'Too many requests')));
    const { user } = renderVerify();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend verification code. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });
});
