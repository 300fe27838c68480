// Runs once in Node before the worker tests: makes the camera photos with sharp (which cannot
// run inside workerd) and hands them to the tests through `inject('photos')`.
import sharp from 'sharp';
import type { TestProject } from 'vitest/node';
import { startStandIn } from './cloudflare-stand-in.ts';
import { startReceiver } from '../fixtures/webhook-receiver.ts';
import { cameraJpeg, PHONE_AVATAR, PHONE_BRIGHT, PHONE_COVER, PHONE_DARK } from '../fixtures/camera-photos.ts';

export type Photos = {
  cover: string;
  avatar: string;
  bright: string;
  dark: string;
  smallJpeg: string;
  smallGif: string;
  animatedGif: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Base64: a 3024x2268 cover and a 1512x1512 avatar (JPEG, GPS Exif, orientation 6), and a
     * small real JPEG and GIF that test/worker/images.ts varies per test, and a two-frame animated GIF.
     */
    photos: Photos;
    /** The address of the stand-in for Cloudflare's custom hostnames API (cloudflare-stand-in.ts). */
    cloudflareApi: string;
    /** The port of a webhook receiver on 127.0.0.1 (test/fixtures/webhook-receiver.ts). */
    receiverPort: number;
  }
}

/**
 * Both worker projects (vitest.config.ts) run this setup in the one Vitest process; the photos,
 * seconds of CPU to make, are made by the first and handed to the second as they are.
 */
const made = globalThis as { cardlinkPhotos?: Promise<Photos> };

export default async function setup(project: TestProject) {
  made.cardlinkPhotos ??= makePhotos();
  project.provide('photos', await made.cardlinkPhotos);
  const receiver = await startReceiver();
  project.provide('receiverPort', receiver.port);
  const standIn = await startStandIn();
  project.provide('cloudflareApi', standIn.url);
  return async () => {
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  };
}

async function makePhotos(): Promise<Photos> {
  const small = sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } });
  const frame = (background: string) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background } })
      .png()
      .toBuffer();
  const [cover, avatar, bright, dark, smallJpeg, smallGif, red, blue] = await Promise.all([
    cameraJpeg(PHONE_COVER),
    cameraJpeg(PHONE_AVATAR, 2),
    cameraJpeg(PHONE_BRIGHT, 3),
    cameraJpeg(PHONE_DARK, 4),
    small.clone().jpeg().toBuffer(),
    small.clone().gif().toBuffer(),
    frame('#ff0000'),
    frame('#0000ff'),
  ]);
  // Two frames, red then blue, looping: what a GIF avatar becomes is decided in README.
  const animatedGif = await sharp([red, blue], { join: { animated: true } })
    .gif({ delay: [500, 500], loop: 0 })
    .toBuffer();
  const base64 = (bytes: Buffer) => bytes.toString('base64');
  return {
    cover: base64(cover),
    avatar: base64(avatar),
    bright: base64(bright),
    dark: base64(dark),
    smallJpeg: base64(smallJpeg),
    smallGif: base64(smallGif),
    animatedGif: base64(animatedGif),
  };
}
