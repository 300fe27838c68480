import { it } from 'vitest';
import { registerUser } from '../helpers';
import { file, phonePhotos, postForm } from '../images';

it('times', { timeout: 300_000 }, async () => {
  const user = await registerUser();
  const photos = phonePhotos();
  const out: string[] = [];
  for (const [path, field, bytes] of [
    ['/v1/user/profile/avatar', 'avatar', photos.avatar],
    ['/v1/user/profile/cover-image', 'cover_image', photos.cover],
    ['/v1/user/profile/background-image', 'background_image', photos.cover],
    ['/v1/user/profile/avatar', 'avatar', photos.bright],
    ['/v1/user/profile/background-image', 'background_image', photos.bright],
    ['/v1/user/profile/background-image', 'background_image', photos.dark],
  ] as const) {
    const start = performance.now();
    const r = await postForm(path, user.token, { [field]: file(bytes, 'p.jpg', 'image/jpeg') });
    out.push(`${path} ${bytes.length}B ${r.status} ${Math.round(performance.now() - start)}ms ${JSON.stringify(r.body.data?.background_tones)}`);
  }
  console.log(out.join('\n'));
});
