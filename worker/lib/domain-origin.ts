// Kept apart from domain-name.ts (the owner's input, checked only when a domain is added): a
// card's page, image and wallet pass need this alone, and it is all a cold isolate evaluates.

/** A development name (RFC 6761: `.localhost` always resolves to this machine). */
export const isLocalhostName = (hostname: string) => hostname.endsWith('.localhost');

/** Where a card answers on its domain: https, except a development name (this port, this scheme). */
export function domainOrigin(hostname: string, requestUrl: string) {
  if (!isLocalhostName(hostname)) return `https://${hostname}`;
  const { protocol, port } = new URL(requestUrl);
  return `${protocol}//${hostname}${port ? `:${port}` : ''}`;
}
