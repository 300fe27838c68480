import { words } from '@/lib/i18n';
import { isRouteErrorResponse } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';

const t = words('app');

/** What a route's error boundary says about what it caught: a thrown response or an error. */
export const routeErrorMessage = (error: unknown) =>
  isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error, t('app.unknown_error'));
