// The veil over a card's background image and the colours judged on it (shared/backdrop.ts), a
// chunk of its own: the preview loads it only for a card that has a background image.
export { imageVars } from '@shared/backdrop';
