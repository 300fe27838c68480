// npm run bench, how long an upload takes to be ready: one camera photo (3024x2268 JPEG, GPS
// Exif, orientation 6; test/fixtures/camera-photos.ts) sent as the avatar, the cover and the
// theme's background, each answered once every size is made and stored. Median of a few rounds,
// the kinds taking turns so a busy moment of the machine does not fall on one kind alone.
import { cameraJpeg, PHONE_COVER } from '../test/fixtures/camera-photos.ts';
import { uploadPhoto } from '../test/e2e/harness/phone-card.ts';

type Figure = [label: string, value: string];

const ROUNDS = 5;
const KINDS = [
  ['avatar', 'Photo (avatar)'],
  ['cover_image', 'Cover'],
  ['background_image', 'Theme background'],
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function uploadsSection(base: string) {
  return {
    title: `Upload to ready: a 3024x2268 camera JPEG as photo, cover and theme background (median of ${ROUNDS})`,
    async run(bench: { signIn: () => Promise<string> }): Promise<Figure[]> {
      const photo = await cameraJpeg(PHONE_COVER);
      const bearer = await bench.signIn();
      const times = new Map<string, number[]>(KINDS.map(([field]) => [field, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [field] of KINDS) {
          const started = performance.now();
          await uploadPhoto(base, bearer, field, photo);
          times.get(field)!.push(performance.now() - started);
        }
      }
      return KINDS.map(([field, label]): Figure => {
        const all = times.get(field)!;
        return [label, `${(median(all) / 1000).toFixed(2)} s (${all.map((ms) => (ms / 1000).toFixed(1)).join(', ')})`];
      });
    },
  };
}
