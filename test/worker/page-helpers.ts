import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';

import { api, ORIGIN, registerUser } from './helpers';
import { imageBytes, postForm, file } from './images';

/** A page as a browser would fetch it: status, headers and the whole HTML text. */
export async function page(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('User-Agent'))
    headers.set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile');
  // Called as the runtime calls the Worker, and finished as it finishes a request: the view is
  // counted after the answer (waitUntil), so a test reads the buffer once that work is done.
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers }) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const res = await worker.fetch(request, env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, text };
}

export type CardLinkInput = { title: string; url: string; icon?: string };

/** Ten links of the kinds a real card carries: social, code, mail, phone, a web site. */
export const TEN_LINKS: CardLinkInput[] = [
  { title: 'GitHub', url: 'https://github.com/ada', icon: '/icons/github.svg' },
  { title: 'LinkedIn', url: 'https://www.linkedin.com/in/ada', icon: '/icons/linkedin.svg' },
  { title: 'X (Twitter)', url: 'https://x.com/ada', icon: '/icons/twitter.svg' },
  { title: 'Instagram', url: 'https://instagram.com/ada', icon: '/icons/instagram.svg' },
  { title: 'YouTube', url: 'https://www.youtube.com/@ada', icon: '/icons/youtube.svg' },
  { title: 'Email me', url: 'mailto:ada@example.com', icon: '/icons/email.svg' },
  { title: 'Call me', url: 'tel:+441234567890', icon: '/icons/phone.svg' },
  { title: 'My website', url: 'https://ada.example.com/', icon: '/icons/website.svg' },
  { title: 'Mastodon', url: 'https://mastodon.social/@ada', icon: '/icons/mastodon.svg' },
  { title: 'Book a call', url: 'https://calendly.com/ada', icon: '/icons/calendly.svg' },
];

/** `count` plain links: 'Link 1' to https://example.com/1, and so on. */
const plainLinks = (count: number): CardLinkInput[] =>
  Array.from({ length: count }, (_, i) => ({ title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));

/**
 * The tests' one card: a registered user with links (given, or a number of plain ones), and
 * optionally a bio, avatar, cover, theme and template. Answers the user with its link ids.
 */
export async function createCard(
  options: {
    name?: string;
    bio?: string;
    links?: CardLinkInput[] | number;
    avatar?: boolean;
    cover?: boolean;
    themeId?: number;
    templateId?: number;
  } = {},
) {
  const user = await registerUser(options.name ? { name: options.name } : {});
  if (options.bio !== undefined) {
    const res = await postForm('/v1/user/profile/update', user.token, {
      name: options.name ?? user.name,
      username: user.username,
      bio: options.bio,
    });
    if (res.status !== 200) throw new Error(`profile update failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const links = typeof options.links === 'number' ? plainLinks(options.links) : (options.links ?? []);
  const linkIds: number[] = [];
  for (const [index, link] of links.entries()) {
    const res = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: link.title, url: link.url, icon: link.icon ?? '', display_order: index, is_active: true },
    });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`link failed: ${res.status} ${JSON.stringify(res.body)}`);
    linkIds.push(res.body.link.id as number);
  }
  if (options.avatar) {
    const res = await postForm('/v1/user/profile/avatar', user.token, {
      avatar: file(await imageBytes('png'), 'a.png', 'image/png'),
    });
    if (res.status !== 200) throw new Error(`avatar failed: ${res.status}`);
  }
  if (options.cover) {
    const bytes = await imageBytes('jpeg');
    const res = await postForm('/v1/user/profile/cover-image', user.token, {
      cover_image: file(bytes, 'c.jpg', 'image/jpeg'),
    });
    if (res.status !== 200) throw new Error(`cover failed: ${res.status}`);
  }
  if (options.themeId !== undefined)
    await api('/v1/user/profile/theme', { method: 'PUT', token: user.token, json: { theme_id: options.themeId } });
  if (options.templateId !== undefined) {
    await api('/v1/user/profile/template', {
      method: 'PUT',
      token: user.token,
      json: { template_id: options.templateId },
    });
  }
  return { ...user, linkIds };
}

export type Owner = Awaited<ReturnType<typeof createCard>>;

let bareCount = 0;
/**
 * A card written straight into D1 with the default theme and template, no password hash to
 * compute: for tests about rendering only. Answers its ids.
 */
export async function insertCard(fields: { name?: string; bio?: string; isActive?: boolean } = {}) {
  const id = crypto.randomUUID();
  const username = `card_${Date.now().toString(36)}${(bareCount++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'unused')").bind(
      id,
      `${username}@example.com`,
    ),
    env.DB.prepare(
      'INSERT INTO profiles (user_id, username, name, bio, is_active, theme_id, template_id) VALUES (?, ?, ?, ?, ?, 1, 1)',
    ).bind(id, username, fields.name ?? 'Bare Card', fields.bio ?? '', fields.isActive === false ? 0 : 1),
  ]);
  return { id, username };
}

/** A link written straight into D1, bypassing the API's validation (for hostile values). */
export async function insertLink(userId: string, link: { title: string; url: string; icon?: string; order?: number }) {
  const row = await env.DB.prepare(
    'INSERT INTO links (user_id, title, url, icon, display_order, is_active) VALUES (?, ?, ?, ?, ?, 1) RETURNING id',
  )
    .bind(userId, link.title, link.url, link.icon ?? '', link.order ?? 0)
    .first<{ id: number }>();
  return row?.id ?? 0;
}
