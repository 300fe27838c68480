import { http } from 'msw';
import { adminAccountsResponse } from '@shared/schemas/admin';
import type { AdminAccount } from '@shared/types';
import { answer } from './answer';

/**
 * GET /v1/admin/accounts as an operator meets it: `pages(url)` picks the page of accounts for the
 * query the console sent (state, search, page), with the total it states.
 */
export const adminAccountsAre = (pages: (url: URL) => { accounts: AdminAccount[]; total?: number; page?: number }) =>
  http.get('/v1/admin/accounts', ({ request }) => {
    const { accounts, total = accounts.length, page = 1 } = pages(new URL(request.url));
    return answer(adminAccountsResponse, { success: true, data: { accounts, total, page, page_size: 100 } });
  });
