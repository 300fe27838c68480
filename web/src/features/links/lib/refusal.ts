import { ApiError } from '@/lib/api-client';

/**
 * The server's reason for refusing a change of a link (a 4xx with a message: a rule of the card's
 * organisation), or `fallback`: a server error or a lost connection keeps the screen's own words.
 */
export const refusalMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status < 500 ? (error.serverMessage ?? fallback) : fallback;
