// How a card's links are laid out (docs/product.md §2, the card): the icons of the social row
// apart, and the buttons in sections, each opened by a header. Links before the first header form
// a section without a title, so a card without headers draws one list, as it always did.

export type SectionLink = {
  id: number;
  title: string;
  kind?: 'link' | 'header' | undefined;
  display?: string | undefined;
};

export type Section<T> = { header: T | null; links: T[] };

export function layoutLinks<T extends SectionLink>(links: T[]): { row: T[]; sections: Section<T>[] } {
  const row: T[] = [];
  const sections: Section<T>[] = [];
  let current: Section<T> = { header: null, links: [] };
  for (const link of links) {
    if (link.kind === 'header') {
      if (current.header || current.links.length) sections.push(current);
      current = { header: link, links: [] };
    } else if (link.display === 'icon') row.push(link);
    else current.links.push(link);
  }
  if (current.header || current.links.length) sections.push(current);
  return { row, sections };
}
