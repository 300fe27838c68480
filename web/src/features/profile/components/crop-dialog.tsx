import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '@/components/toast';
import { IMAGE_SHAPES } from '@shared/media';
import { frameShape, StoredPhoto } from './stored-photo';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { imageSourceOptions, useCropImage } from '../api/crop-image';
import { boxOf, CENTRED, pan, placement, settle, ZOOM_MAX, ZOOM_MIN, type Crop, type Size } from '../lib/crop-box';
import { imageMessage, type CroppedKind } from '../lib/image-rules';
import { isTouchScreen, useCropGestures } from '../hooks/use-crop-gestures';

// Its words come with it (lazy-crop-dialog.tsx): Profile's first load does not carry them.
const t = words('uploads');
const TITLES = { avatar: 'uploads.adjust_photo_title', cover: 'uploads.adjust_cover_title' } as const;
/** An arrow key moves a tenth of the frame (a shifted one half); + and - zoom a step. */
const STEP = 0.1;
const BIG_STEP = 0.5;
const ZOOM_STEP = 0.25;
const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * 'Adjust': drag (or arrow keys) to move the photo under the frame and zoom with the slider
 * (or + and -, or a pinch on a touch screen, whose hint then speaks of fingers); Save sends the box and the server re-cuts the stored original. The frame has the
 * card's shape: square for the avatar, 3:1 for the cover.
 */
export function CropDialog({
  kind,
  stored,
  open,
  onOpenChange,
}: {
  kind: CroppedKind;
  stored: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const aspect = IMAGE_SHAPES[kind].aspect;
  const source = useQuery({ ...imageSourceOptions(kind, stored), enabled: open });
  const save = useCropImage(kind);
  const [size, setSize] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Crop>(CENTRED);
  const frame = useRef<HTMLDivElement>(null);
  const box = size ? boxOf(size, aspect, crop) : null;

  const close = (next: boolean) => {
    if (save.isPending) return;
    if (!next) {
      setCrop(CENTRED);
      setSize(null);
    }
    onOpenChange(next);
  };
  const move = (dx: number, dy: number) => size && setCrop((current) => pan(size, aspect, current, dx, dy));
  const zoomTo = (zoom: number) => size && setCrop((current) => settle(size, aspect, { ...current, zoom }));

  const gestures = useCropGestures({
    frame,
    move,
    zoomBy: (factor) => size && setCrop((current) => settle(size, aspect, { ...current, zoom: current.zoom * factor })),
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = KEY_MOVES[event.key];
    const step = event.shiftKey ? BIG_STEP : STEP;
    if (direction) move(direction[0] * step, direction[1] * step);
    else if (event.key === '+' || event.key === '=') zoomTo(crop.zoom + ZOOM_STEP);
    else if (event.key === '-') zoomTo(crop.zoom - ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const submit = async () => {
    if (!box) return;
    try {
      await save.mutateAsync(box);
      toast.success(imageMessage(kind, 'adjusted'));
      close(false);
    } catch (error) {
      toast.error(errorMessage(error, imageMessage(kind, 'adjustFailed')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={t(TITLES[kind])}
        description={isTouchScreen() ? t('uploads.crop_hint_touch') : t('uploads.crop_hint_keys')}
        className={kind === 'cover' ? 'max-w-2xl' : undefined}
        hideClose={save.isPending}
      >
        <div className="mt-4 grid gap-4">
          <div
            ref={frame}
            tabIndex={0}
            role="group"
            aria-label={t('uploads.crop_area')}
            className={cn(
              'relative w-full touch-none select-none overflow-hidden bg-slate-200 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-800',
              frameShape(kind),
              box ? 'cursor-move' : 'cursor-progress',
            )}
            {...gestures}
            onKeyDown={onKeyDown}
          >
            {box ? null : (
              // Until the whole photo is here (the server reads it from the stored original), the
              // frame shows the photo as the card shows it now, already in the page's cache.
              <StoredPhoto kind={kind} stored={stored} />
            )}
            {source.data ? (
              <img
                src={source.data}
                alt=""
                draggable={false}
                className="absolute max-w-none"
                style={box ? placement(box) : { visibility: 'hidden' }}
                onLoad={(event) =>
                  setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
                }
              />
            ) : null}
          </div>
          {!box && !source.isError ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <Loader2 className="h-4 w-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
              {t('uploads.crop_loading')}
            </p>
          ) : null}
          {source.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(source.error, t('uploads.image_load_failed'))}
            </p>
          ) : null}
          <label className="grid gap-1 text-sm font-medium">
            {t('uploads.zoom')}
            <input
              type="range"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={0.05}
              value={crop.zoom}
              disabled={!box}
              onChange={(event) => zoomTo(Number(event.target.value))}
            />
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
              {t('uploads.cancel')}
            </Button>
            <Button onClick={() => void submit()} disabled={!box || save.isPending}>
              {save.isPending ? t('uploads.saving') : t('uploads.save')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
