import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, TOAST_MS } from '@/components/toaster';
import { UNDO_MS, undoToast } from '@/components/undo-toast';

// The app's toasts (decision 74): at the bottom, clear of the header's buttons and of dialog titles;
// an Undo toast stays at least 8 s (10 s here), held while hovered or focused.

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  render(<Toaster scheme="light" />);
});
afterEach(() => {
  act(() => toast.dismiss());
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** Sonner draws a new toast on its next tick. */
const show = (open: () => unknown) => {
  act(() => void open());
  advance(50);
};

describe('toasts', () => {
  it('sit at the bottom of the screen, on a phone and on a desktop', () => {
    show(() => toast.success('Saved'));
    const toaster = document.querySelector('[data-sonner-toaster]')!;
    expect(toaster.getAttribute('data-y-position')).toBe('bottom');
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('a press that begins on a toast and ends elsewhere does not hold the toasts for good', () => {
    show(() => toast.success('Link restored'));
    const toaster = document.querySelector('[data-sonner-toaster]')!;
    // The finger goes down on the toast and comes up beside it (the stack slid meanwhile).
    fireEvent.pointerDown(screen.getByText('Link restored'));
    fireEvent.pointerUp(document.body);
    fireEvent.mouseLeave(toaster);
    advance(TOAST_MS + 1000);
    expect(screen.queryByText('Link restored')).toBeNull();
  });

  it('an ordinary toast goes after its time', () => {
    show(() => toast.success('Profile updated successfully'));
    expect(screen.getByText('Profile updated successfully')).toBeInTheDocument();
    advance(TOAST_MS + 1000);
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
  });

  it('an Undo toast stays for at least 8 seconds, then goes', () => {
    expect(UNDO_MS).toBeGreaterThanOrEqual(8000);
    const undo = vi.fn();
    show(() => undoToast('Link deleted successfully', undo));
    advance(8000);
    expect(screen.getByText('Link deleted successfully')).toBeInTheDocument();
    advance(UNDO_MS - 8000 + 1000);
    advance(500);
    expect(screen.queryByText('Link deleted successfully')).toBeNull();
    expect(undo).not.toHaveBeenCalled();
  });

  it('is held while the pointer is over it and while the focus is in it', () => {
    show(() => undoToast('Link deleted successfully', () => {}));
    const box = screen.getByText('Link deleted successfully').closest('[role="status"]')!;
    fireEvent.mouseEnter(box);
    advance(UNDO_MS * 3);
    expect(screen.getByText('Link deleted successfully')).toBeInTheDocument();
    fireEvent.mouseLeave(box);
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    advance(UNDO_MS * 3);
    expect(screen.getByText('Link deleted successfully')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Undo' }).blur());
    advance(UNDO_MS + 1000);
    advance(500);
    expect(screen.queryByText('Link deleted successfully')).toBeNull();
  });

  it('Undo runs once and closes the toast; its close button is inside it', () => {
    const undo = vi.fn();
    show(() => undoToast('Link deleted successfully', undo));
    const box = screen.getByText('Link deleted successfully').closest('[role="status"]')!;
    expect(box.contains(screen.getByRole('button', { name: 'Close' }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    advance(500);
    advance(500);
    expect(screen.queryByText('Link deleted successfully')).toBeNull();
  });
});
