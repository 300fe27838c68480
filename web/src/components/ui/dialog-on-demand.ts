// The entry of components/ui/lazy-dialog.tsx's dynamic import: a module of its own, so the build
// gives it a chunk that scripts/bundle-size.ts can name as on demand (ui/dialog.tsx itself shares a
// chunk with the dialogs that import it statically).
export { Dialog, DialogContent } from './dialog';
