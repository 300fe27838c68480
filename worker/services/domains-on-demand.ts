// Everything of the cards' own domains that is not needed to serve a card on the deployment's own
// names (docs/decisions/0103-custom-domains.md), behind one import() from the gate, the routes and
// the cron: one chunk, loaded on first use, so the modules a cold isolate starts with are grouped
// as they were without domains.
export { cardHost } from './card-host';
export { addTo, domainOf, removeFrom } from './domain-answers';
export { domainsAnswer, removalAnswer } from './admin/domains';
export { checkDomains } from './domain-checks';
