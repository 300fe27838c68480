// A translated sentence around something the person wrote (a title, a handle, a search): the
// whole sentence stays one message for the translator, and the written part sits in <bdi>, so a
// Latin title in an Arabic sentence (or the reverse) keeps its own direction and the sentence's
// punctuation stays where the language puts it.
const MARK = '\uE000';

export function BidiSentence({ say, part }: { say: (marker: string) => string; part: string }) {
  const [before = '', ...rest] = say(MARK).split(MARK);
  return (
    <>
      {before}
      <bdi>{part}</bdi>
      {rest.join(part)}
    </>
  );
}
