// A form that resets to the server's answer after Save must not lose what was typed while that
// answer was on its way (a slow save, a photo being processed): such a field keeps what was typed,
// still unsaved, and every other field takes the stored value. Profile and Themes both do this.

/** The fields whose value differs between the moment Save was pressed (`sent`) and now. */
export function typedDuringSave<T extends object>(sent: T | null | undefined, now: T): (keyof T)[] {
  return (Object.keys(now) as (keyof T)[]).filter((field) => !Object.is(now[field], sent?.[field]));
}

/** The stored values as the form's new start, with what was typed during the save laid on top. */
export function answerWithTyped<T extends object>(stored: T, sent: T | null | undefined, now: T): T {
  const typed = typedDuringSave(sent, now);
  return { ...stored, ...Object.fromEntries(typed.map((field) => [field, now[field]])) };
}
