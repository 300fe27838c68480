import { z } from 'zod';
import { dataResponse } from './responses';

/** The smallest side of a crop box, as a fraction of the image: at most 20x zoom. */
export const CROP_MIN = 0.05;
const CROP_MESSAGE = 'The crop box must lie inside the image';
/** Rounding in a browser may leave a box a hair past an edge. */
const SLACK = 1e-6;

const fraction = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(0, { error: CROP_MESSAGE })
    .max(1, { error: CROP_MESSAGE });

/**
 * POST /v1/user/profile/avatar/crop and /cover-image/crop: the box the owner chose in the crop
 * dialog, each side a fraction of the upright image (x, y its top-left corner).
 */
export const cropBody = z
  .object({
    x: fraction('x'),
    y: fraction('y'),
    width: fraction('width').min(CROP_MIN, { error: 'The crop box is too small' }),
    height: fraction('height').min(CROP_MIN, { error: 'The crop box is too small' }),
  })
  .refine((box) => box.x + box.width <= 1 + SLACK && box.y + box.height <= 1 + SLACK, {
    error: CROP_MESSAGE,
    path: ['width'],
  });
export type CropBody = z.output<typeof cropBody>;

/** GET /v1/user/profile/{avatar,cover-image}/source `data`: the whole image to crop, as a data: URI. */
export const imageSource = z.object({ image: z.string().startsWith('data:image/') }).strict();
export type ImageSource = z.infer<typeof imageSource>;
export const imageSourceResponse = dataResponse(imageSource);
