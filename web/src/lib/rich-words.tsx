import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

/**
 * A translated sentence with elements inside it ('The page <code>/x</code> does not exist'): the
 * sentence stays one message, so each language orders its words and the element as it needs.
 * `translate` is an area's `t` bound to its key; each element stands in for its placeholder.
 * What a person wrote (a title, a handle) goes in as `<bdi>`, so a Latin title in an Arabic
 * sentence, or the reverse, keeps its own direction and the punctuation stays where it belongs.
 */
export function richWords(translate: (values: Record<string, string>) => string, parts: Record<string, ReactNode>) {
  const marked = translate(Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`])));
  return marked
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((piece, index) => <Fragment key={index}>{index % 2 === 1 ? parts[piece] : piece}</Fragment>);
}
