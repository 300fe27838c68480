// A finger that pressed a drag handle before dnd-kit arrived. On a slow phone its chunk comes a
// second or more after the list shows, and swapping in the sortable list replaces every row, so
// the press went to a handle that no longer exists and the first drag was lost. The
// press is followed while it is held, and handed on to the handle that replaces the one pressed.

export type HeldPress = { label: string; init: PointerEventInit };

/** Follows the press of `event` on the handle named `label`; the answer ends the following and says whether it is still held. */
export function followPress(event: PointerEvent, label: string): () => HeldPress | null {
  const { pointerId, pointerType } = event;
  let held: HeldPress | null = {
    label,
    init: { pointerId, pointerType, clientX: event.clientX, clientY: event.clientY },
  };
  const move = (next: PointerEvent) => {
    if (held && next.pointerId === pointerId)
      held.init = { ...held.init, clientX: next.clientX, clientY: next.clientY };
  };
  const end = (next: PointerEvent) => {
    if (next.pointerId === pointerId) stop();
  };
  const stop = () => {
    held = null;
    document.removeEventListener('pointermove', move, true);
    document.removeEventListener('pointerup', end, true);
    document.removeEventListener('pointercancel', end, true);
  };
  document.addEventListener('pointermove', move, true);
  document.addEventListener('pointerup', end, true);
  document.addEventListener('pointercancel', end, true);
  return () => {
    const still = held;
    stop();
    return still;
  };
}

/** Presses the handle of the same name again, where the finger is now, so dnd-kit's sensor starts from it. */
export function pressAgain(press: HeldPress, list: ParentNode | null) {
  const handle = list?.querySelector(`[aria-label="${CSS.escape(press.label)}"]`);
  handle?.dispatchEvent(
    new PointerEvent('pointerdown', {
      bubbles: true,
      cancelable: true,
      isPrimary: true,
      button: 0,
      buttons: 1,
      ...press.init,
    }),
  );
}
