import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with an element in it ('You sign in with {email}.'): the message is
 * formatted with `mark` for the placeholder, then the element takes the mark's place, so each
 * language puts it where its grammar wants it.
 */
export function withElement(text: string, mark: string, element: ReactNode): ReactNode {
  const at = text.indexOf(mark);
  if (at === -1) return text;
  return (
    <Fragment>
      {text.slice(0, at)}
      {element}
      {text.slice(at + mark.length)}
    </Fragment>
  );
}
