import { z } from 'zod';

// The Share screen's own requests (docs/product.md §2, Share).

export const BACKGROUND_SIZE_MESSAGE = 'Size must be 1920x1080 or 1280x720';

/** GET /v1/user/share/virtual-background.png?size= : 1920x1080 when left out. */
export const virtualBackgroundQuery = z.object({
  size: z.enum(['1920x1080', '1280x720'], { error: BACKGROUND_SIZE_MESSAGE }).optional(),
});
