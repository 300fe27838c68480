import { http } from 'msw';
import { adminAccountsResponse, adminReportsResponse } from '@shared/schemas/admin';
import { platformStatusResponse } from '@shared/schemas/health';
import type { AdminAccount, AdminReport, PlatformStatus } from '@shared/types';
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

/** GET /v1/admin/status answering `status()` each time it is read (the console's Status panel). */
export const adminStatusIs = (status: () => PlatformStatus) =>
  http.get('/v1/admin/status', () => answer(platformStatusResponse, { success: true, data: status() }));

/** GET /v1/admin/reports answering `reports()` as one page, whatever state the console asks for. */
export const adminReportsAre = (reports: () => AdminReport[]) =>
  http.get('/v1/admin/reports', ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    const rows = reports();
    return answer(adminReportsResponse, {
      success: true,
      data: { reports: rows, total: rows.length, page, page_size: 100 },
    });
  });
