import { SELF } from 'cloudflare:test';
import { expect, it } from 'vitest';

it('answers unknown API paths with the error shape', async () => {
  const res = await SELF.fetch('https://card.test/v1/nope');
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ success: false, message: 'Not found' });
  expect(res.headers.get('X-Request-Id')).toBeTruthy();
});

it('registers', async () => {
  const res = await SELF.fetch('https://card.test/v1/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', password: 'secret1' }),
  });
  const body = await res.json();
  console.log(res.status, JSON.stringify(body).slice(0, 500));
  expect(res.status).toBe(201);
});
