// A card as a new user makes it with photos straight from a phone camera: a 1512x1512 avatar and
// a 3024x2268 cover (JPEG, GPS Exif, orientation 6; test/fixtures/camera-photos.ts) and ten links;
// or, `sections`, the same card laid out as decision 0101 allows: its profiles in the social row
// under the name, a header, and a YouTube video as a player with a camera-sized thumbnail.
import { cameraJpeg, PHONE_AVATAR, PHONE_COVER } from '../../fixtures/camera-photos.ts';

export const TEN_LINKS = [
  ['GitHub', 'https://github.com/ada', 'github'],
  ['LinkedIn', 'https://www.linkedin.com/in/ada', 'linkedin'],
  ['X (Twitter)', 'https://x.com/ada', 'twitter'],
  ['Instagram', 'https://instagram.com/ada', 'instagram'],
  ['YouTube', 'https://www.youtube.com/@ada', 'youtube'],
  ['Email me', 'mailto:ada@example.com', 'email'],
  ['Call me', 'tel:+441234567890', 'phone'],
  ['My website', 'https://ada.example.com/', 'website'],
  ['Mastodon', 'https://mastodon.social/@ada', 'mastodon'],
  ['Book a call', 'https://calendly.com/ada', 'calendly'],
] as const;

export type PhoneCard = { username: string; token: string; originals: { avatar: number; cover: number } };

/** The profiles the `sections` card shows as icons in the social row rather than as buttons. */
const SOCIAL_ROW = new Set(['github', 'linkedin', 'twitter', 'instagram', 'youtube', 'mastodon']);

async function expectOk(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** Registers `username` at `base` and builds the card through the API, as the dashboard would. */
export async function createPhoneCard(
  base: string,
  username: string,
  name = 'Ada Lovelace',
  { sections = false } = {},
): Promise<PhoneCard> {
  const account = { name, username, email: `${username}@example.com`, password: 'secret-pass-1' };
  const registered = await expectOk(
    await fetch(`${base}/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    }),
    'register',
  );
  const { token } = (await registered.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const addLink = async (link: Record<string, unknown>) =>
    expectOk(
      await fetch(`${base}/v1/user/links`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(link),
      }),
      'link',
    );
  for (const [order, [title, url, icon]] of TEN_LINKS.entries()) {
    const display = sections && SOCIAL_ROW.has(icon) ? 'icon' : 'button';
    await addLink({ title, url, icon: `/icons/${icon}.svg`, display, display_order: order });
  }
  if (sections) {
    // A thumbnail as the owner would upload it from the phone's camera roll: a 1920x1080 frame.
    const form = new FormData();
    const still = await cameraJpeg({ width: 1920, height: 1080, orientation: 1, quality: 92 }, 3);
    form.append('thumbnail', new Blob([new Uint8Array(still)], { type: 'image/jpeg' }), 'IMG_0002.JPG');
    const uploaded = await expectOk(
      await fetch(`${base}/v1/user/links/thumbnail`, { method: 'POST', headers: auth, body: form }),
      'thumbnail',
    );
    const { data } = (await uploaded.json()) as { data: { thumbnail_url: string } };
    await addLink({ kind: 'header', title: 'Watch and listen', display_order: TEN_LINKS.length });
    await addLink({
      title: 'Ada & the Analytical Engine',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      display: 'player',
      thumbnail_url: data.thumbnail_url,
      display_order: TEN_LINKS.length + 1,
    });
  }
  const [avatar, cover] = await Promise.all([cameraJpeg(PHONE_AVATAR, 2), cameraJpeg(PHONE_COVER)]);
  await uploadPhoto(base, token, 'avatar', avatar);
  await uploadPhoto(base, token, 'cover_image', cover);
  return { username, token, originals: { avatar: avatar.length, cover: cover.length } };
}

const UPLOADS = {
  avatar: '/v1/user/profile/avatar',
  cover_image: '/v1/user/profile/cover-image',
  background_image: '/v1/user/profile/background-image',
};

/** Uploads a camera photo as the card's avatar, cover or theme background, as the dashboard sends it. */
export async function uploadPhoto(base: string, token: string, field: keyof typeof UPLOADS, bytes: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
  const path = UPLOADS[field];
  await expectOk(
    await fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form }),
    path,
  );
}
