import { Fragment, type ReactNode } from 'react';

type Wrap = (children: string) => ReactNode;

/**
 * A translated sentence with marked parts ('Already have an account? <0>Sign in instead</0>'):
 * each `<n>…</n>` is drawn by wraps[n] (a link, a bold address), so a language can put the link
 * where its sentence needs it instead of the sentence being glued from pieces.
 */
export function richText(message: string, wraps: Wrap[]): ReactNode {
  const parts = message.split(/<(\d)>(.*?)<\/\1>/s);
  // split() with two groups: text, index, inner, text, index, inner, ..., text.
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) out.push(parts[i]);
    const wrap = wraps[Number(parts[i + 1])];
    if (parts[i + 1] !== undefined)
      out.push(<Fragment key={i}>{wrap ? wrap(parts[i + 2] ?? '') : parts[i + 2]}</Fragment>);
  }
  return out;
}
