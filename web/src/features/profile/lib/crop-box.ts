// The crop dialog's geometry, in fractions of the upright image so it holds at any preview size.

export type Size = { width: number; height: number };
/** Zoom 1 is the largest box of the card's shape; the centre is a point of the image (0..1). */
export type Crop = { zoom: number; cx: number; cy: number };
/** What the server re-cuts (shared/schemas/media.ts): the box's top-left corner and sides. */
export type Box = { x: number; y: number; width: number; height: number };

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box's sides at a zoom: the card's aspect (width over height) fitted inside the image. */
function sides(image: Size, aspect: number, zoom: number) {
  const imageAspect = image.width / image.height;
  const width = imageAspect > aspect ? aspect / imageAspect : 1;
  const height = imageAspect > aspect ? 1 : imageAspect / aspect;
  return { width: width / zoom, height: height / zoom };
}

/** The box a crop shows, kept inside the image. */
export function boxOf(image: Size, aspect: number, crop: Crop): Box {
  const { width, height } = sides(image, aspect, crop.zoom);
  return {
    x: clamp(crop.cx - width / 2, 0, 1 - width),
    y: clamp(crop.cy - height / 2, 0, 1 - height),
    width,
    height,
  };
}

/** The crop with its centre moved back inside, as `boxOf` draws it. */
export function settle(image: Size, aspect: number, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, ZOOM_MIN, ZOOM_MAX);
  const box = boxOf(image, aspect, { ...crop, zoom });
  return { zoom, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

/** Moves the image under the frame by (dx, dy) frame widths/heights: a drag or an arrow key. */
export function pan(image: Size, aspect: number, crop: Crop, dx: number, dy: number): Crop {
  const { width, height } = sides(image, aspect, crop.zoom);
  return settle(image, aspect, { ...crop, cx: crop.cx - dx * width, cy: crop.cy - dy * height });
}

/** Where the image sits in the frame, as CSS percentages of the frame. */
export function placement(box: Box) {
  return {
    width: `${100 / box.width}%`,
    height: `${100 / box.height}%`,
    left: `${(-100 * box.x) / box.width}%`,
    top: `${(-100 * box.y) / box.height}%`,
  };
}

export const CENTRED: Crop = { zoom: 1, cx: 0.5, cy: 0.5 };
