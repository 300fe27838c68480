import { http } from 'msw';
import { statsResponse, type Stats, type StatsRange } from '@shared/schemas/stats';
import { answer } from './answer';

/** GET /v1/user/stats's answer with these figures. */
export const statsAnswer = (data: Stats) =>
  answer(statsResponse, { success: true, data, message: 'Statistics retrieved successfully' });

/** GET /v1/user/stats answers these figures, for every period or each period its own. */
export const statsAre = (stats: Stats | ((range: StatsRange) => Stats)) =>
  http.get('/v1/user/stats', ({ request }) => {
    const range = (new URL(request.url).searchParams.get('range') ?? 'all') as StatsRange;
    return statsAnswer(typeof stats === 'function' ? stats(range) : stats);
  });
