import { accountResource, contactsResource, walletResource } from './account';
import { adminResource } from './admin';
import { cardsResource, cardTwins } from './cards';
import { authResource } from './auth';
import { devResource } from './dev';
import { linksResource, statsResource } from './links';
import { profileResource } from './profile';
import { publicResource } from './public';
import { securityResource } from './security';
import { shareResource } from './share';
import { tokensResource } from './tokens';
import { webhooksResource } from './webhooks';
import { orgsResource } from './orgs';
import { orgTemplateResource } from './org-template';
import { orgDataResource } from './org-data';
import { routeKey, type ApiRoute, type Resource } from './types';

const userResources: readonly Resource[] = [
  profileResource,
  linksResource,
  statsResource,
  securityResource,
  contactsResource,
  walletResource,
  shareResource,
  accountResource,
];

/** Every /v1 route, by resource, in the order the reference lists them. */
export const resources: readonly Resource[] = [
  authResource,
  ...userResources,
  tokensResource,
  webhooksResource,
  {
    ...cardsResource,
    routes: [...cardsResource.routes, ...cardTwins(userResources.flatMap((resource) => resource.routes))],
  },
  orgsResource,
  orgTemplateResource,
  orgDataResource,
  publicResource,
  adminResource,
  devResource,
];

export const apiRoutes: readonly ApiRoute[] = resources.flatMap((resource) => resource.routes);

/** The contract of `METHOD /path` (the path as Hono registers it), if the route is in it. */
export const contractOf = (key: string): ApiRoute | undefined => byKey.get(key);
const byKey = new Map(apiRoutes.map((route) => [routeKey(route), route]));
