// Runs once in Node before the worker tests: makes the camera photos with sharp (which cannot
// run inside workerd) and serves them on 127.0.0.1, where each workerd fetches them once
// (test/worker/photos.ts). Handed through `inject` instead, the 9 MB went with every test file's
// start message, turned to text and compressed each time: seconds of CPU a run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { TestProject } from 'vitest/node';
import type { PhotoName } from './photos.ts';
import { startStandIn } from './cloudflare-stand-in.ts';
import { startReceiver } from '../fixtures/webhook-receiver.ts';
import { cameraJpeg, PHONE_AVATAR, PHONE_BRIGHT, PHONE_COVER, PHONE_DARK } from '../fixtures/camera-photos.ts';

type Photos = Record<PhotoName, Buffer>;

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The port on 127.0.0.1 answering `GET /photo/<name>`: 3024x2268 cover, bright and dark
     * backgrounds and a 1512x1512 avatar (JPEG, GPS Exif, orientation 6), a small real JPEG and
     * GIF that test/worker/images.ts varies per test, and a two-frame animated GIF.
     */
    photosPort: number;
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
  const photos = await made.cardlinkPhotos;
  const photoServer = createServer((request, response) => {
    const name = /^\/photo\/(\w+)$/.exec(request.url ?? '')?.[1];
    const bytes = name && Object.hasOwn(photos, name) ? photos[name as PhotoName] : undefined;
    if (request.method !== 'GET' || !bytes) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(bytes);
  });
  await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
  project.provide('photosPort', (photoServer.address() as AddressInfo).port);
  const receiver = await startReceiver();
  project.provide('receiverPort', receiver.port);
  const standIn = await startStandIn();
  project.provide('cloudflareApi', standIn.url);
  const close = (server: { close(done: () => void): unknown }) => new Promise<void>((resolve) => server.close(resolve));
  return () => Promise.all([close(receiver.server), close(photoServer), close(standIn.server)]).then(() => undefined);
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
  return { cover, avatar, bright, dark, smallJpeg, smallGif, animatedGif };
}
