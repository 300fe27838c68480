import type { ServerKey, T } from '../lib/i18n';

/**
 * A translated sentence whose names (a card's owner, a username) sit in <bdi>: a Latin name
 * inside an Arabic sentence, or an Arabic one inside an English sentence, keeps its own
 * direction and leaves the words around it in their order (decision 75).
 */
export function Sentence({ t, id, names }: { t: T; id: ServerKey; names: Record<string, string> }) {
  const keys = Object.keys(names);
  const text = t(id, Object.fromEntries(keys.map((key, i) => [key, `\uE000${i}\uE001`])));
  const parts = text.split(/\uE000(\d+)\uE001/);
  return (
    <>{parts.map((part, i) => (i % 2 === 0 ? part : <bdi key={i}>{names[keys[Number(part)] ?? ''] ?? ''}</bdi>))}</>
  );
}
