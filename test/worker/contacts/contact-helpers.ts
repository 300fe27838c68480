import { env } from 'cloudflare:test';
import { api, clientIp, registerUser } from '../helpers';
import { postForm } from '../images';
import { page } from '../page-helpers';

export const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** A registered owner with contact exchange on (or off), the way the dashboard turns it on. */
export async function ownerWithExchange(on = true) {
  const user = await registerUser({ name: 'Ada Lovelace' });
  if (on) await setExchange(user, true);
  return user;
}

export async function setExchange(user: { token: string; name: string; username: string }, on: boolean) {
  const res = await postForm('/v1/user/profile/update', user.token, {
    name: user.name,
    username: user.username,
    contact_exchange: on ? '1' : '0',
  });
  if (res.status !== 200) throw new Error(`profile update failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The contact form as a browser without JavaScript posts it: urlencoded, from one visitor. */
export function postContact(
  username: string,
  fields: Record<string, string>,
  visitor: { ip?: string; userAgent?: string } = {},
) {
  return page(`/p/${username}/contact`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'CF-Connecting-IP': visitor.ip ?? clientIp(),
      'User-Agent': visitor.userAgent ?? PHONE_UA,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export const GRACE = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 (555) 010-4477',
  company: 'Navy, Inc.',
  note: 'Met you at the conference.\nLet us talk about compilers, "soon".',
  consent: 'yes',
};

export const contactRows = async (userId: string) =>
  (
    await env.DB.prepare(
      'SELECT name, email, phone, company, note FROM contacts WHERE user_id = ?1 ORDER BY created_at',
    )
      .bind(userId)
      .all<Record<string, string>>()
  ).results;

export const listContacts = (token: string, q = '') =>
  api(`/v1/user/contacts${q ? `?q=${encodeURIComponent(q)}` : ''}`, { token });
