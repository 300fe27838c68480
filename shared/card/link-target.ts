// Where a card's link takes a visitor and how the click is counted, the same for a button and an
// icon of the social row (docs/product.md §2, the card). A sensitive link goes to its
// interstitial first (worker/routes/leaving-page.tsx), which counts the click on Continue: the
// card itself then reports nothing, so a visitor who turns back is not counted.

export type TargetLink = { id: number; href: string; sensitive?: boolean | undefined };

/** The interstitial before a link marked sensitive: a plain page, so it works without JavaScript. */
export const leavingPath = (linkId: number) => `/leaving/${linkId}`;

export function linkTarget(link: TargetLink, preview: boolean) {
  if (link.sensitive)
    return { href: leavingPath(link.id), 'data-preview-link': preview ? link.id : undefined } as const;
  return {
    href: link.href,
    // The browser reports the click through `ping`; the island takes the report over when it runs
    // (README, Decisions: clicks without JavaScript). A preview counts nothing.
    'data-link-id': preview ? undefined : link.id,
    ping: preview ? undefined : `/v1/link/${link.id}/click`,
    // The dashboard's preview scrolls to the link being edited by this mark.
    'data-preview-link': preview ? link.id : undefined,
  } as const;
}

/**
 * The anchor's attributes in the order the card always wrote them (href, target, rel, then the
 * click's report), so a card without any new kind of link is the same HTML as before.
 */
export function targetFirst<T extends { href: string }>({ href, ...report }: T) {
  return { href, target: '_blank', rel: 'noopener noreferrer', ...report };
}
