import { useRef, type PointerEvent, type RefObject } from 'react';

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The crop frame's pointer gestures: one finger (or the mouse) drags the photo, two fingers pinch
 * to zoom it, as in a phone's own photo editor, whose gestures people already know.
 */
export function useCropGestures({
  frame,
  move,
  zoomBy,
}: {
  frame: RefObject<HTMLElement | null>;
  move: (dx: number, dy: number) => void;
  /** Multiplies the zoom by this factor. */
  zoomBy: (factor: number) => void;
}) {
  const pointers = useRef(new Map<number, Point>());
  const spread = useRef<number | null>(null);

  const release = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    spread.current = null;
  };

  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      // The second finger down starts a pinch: its spread is what later moves are measured against.
      const [a, b] = [...pointers.current.values()];
      spread.current = a && b ? distance(a, b) : null;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const before = pointers.current.get(event.pointerId);
      const rect = frame.current?.getBoundingClientRect();
      if (!before || !rect?.width) return;
      const now = { x: event.clientX, y: event.clientY };
      pointers.current.set(event.pointerId, now);
      const [a, b] = [...pointers.current.values()];
      if (a && b) {
        const next = distance(a, b);
        if (spread.current) zoomBy(next / spread.current);
        spread.current = next;
        return;
      }
      move((now.x - before.x) / rect.width, (now.y - before.y) / rect.height);
    },
    onPointerUp: release,
    onPointerCancel: release,
  };
}

/** A touch screen (no fine pointer): its hint speaks of fingers, not keys. */
export const isTouchScreen = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;
