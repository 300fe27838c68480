import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import type { Link } from '@shared/types';
import { words } from '@/lib/i18n';
import type { DragHandle } from './link-item';

// Drag and drop for Manage Links (dnd-kit, loaded on the first reach for a handle): a row moves
// by its handle with a pointer or a finger, or from the keyboard (Space or Enter to pick it up,
// the arrows to move, Space or Enter to drop, Escape to cancel), and each step is announced.

const t = words('links');

function announcements(links: Link[]): Announcements {
  const title = (id: UniqueIdentifier) => links.find((link) => link.id === id)?.title ?? t('links.a_link');
  const at = (id: UniqueIdentifier | undefined) => links.findIndex((link) => link.id === id) + 1;
  const count = links.length;
  return {
    onDragStart: ({ active }) => t('links.drag_start', { title: title(active.id), position: at(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? t('links.drag_over', { title: title(active.id), position: at(over.id), count })
        : t('links.drag_over_none', { title: title(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('links.drag_end', { title: title(active.id), position: at(over.id), count })
        : t('links.drag_end_none', { title: title(active.id) }),
    onDragCancel: ({ active }) => t('links.drag_cancel', { title: title(active.id), position: at(active.id), count }),
  };
}

/**
 * A row dragged by a finger or a pointer moves up and down inside the list only. Held at the
 * screen's bottom edge, a row that may leave the list is carried on by the page's auto-scroll, which
 * then scrolls on into blank space below the last link without end (a finger on a phone rests
 * there while the list scrolls). The keyboard moves a row from one row to the next already.
 */
export const withinList: Modifier = ({ transform, draggingNodeRect: row, containerNodeRect: list, activatorEvent }) => {
  if (!row || !list || !(activatorEvent && 'pointerType' in activatorEvent)) return transform;
  const y = Math.min(Math.max(transform.y, list.top - row.top), list.bottom - row.bottom);
  return { ...transform, x: 0, y };
};

/**
 * The row a dragged one is over: the farthest, in the direction it moves, whose middle its leading
 * edge has passed (its bottom going down, its top going up), else its own place. The rows differ in
 * height (a long title wraps, a row may carry badges and a schedule), and comparing centres, as
 * dnd-kit's closestCenter does, put a tall row dropped at the end of the list one place short: its
 * centre stays nearer the one before the last. The rectangles are the rows' places before the drag.
 */
export const passedMiddle: CollisionDetection = (args) => {
  const { active, collisionRect, droppableRects, droppableContainers } = args;
  const start = droppableRects.get(active.id);
  const own = droppableContainers.find((container) => container.id === active.id);
  if (!start || !own) return closestCenter(args);
  const down = collisionRect.top >= start.top;
  let chosen = own;
  let reach = 0;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.id === active.id) continue;
    const middle = rect.top + rect.height / 2;
    const passed = down
      ? rect.top > start.top && collisionRect.top + collisionRect.height >= middle
      : rect.top < start.top && collisionRect.top <= middle;
    const distance = Math.abs(rect.top - start.top);
    if (passed && distance > reach) {
      chosen = container;
      reach = distance;
    }
  }
  return [{ id: chosen.id, data: { droppableContainer: chosen, value: reach } }];
};

function SortableRow({ link, children }: { link: Link; children: (handle: DragHandle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: link.id,
  });
  return children({
    rowRef: setNodeRef,
    rowStyle: { transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 10 : undefined },
    dragging: isDragging,
    handleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners },
  });
}

/** The links as a sortable list; `onReorder` gets every id in the new order. */
export function SortableLinks({
  links,
  onReorder,
  renderItem,
}: {
  links: Link[];
  onReorder: (ids: number[]) => void;
  renderItem: (link: Link, handle: DragHandle) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = links.map((link) => link.id);
    onReorder(arrayMove(ids, ids.indexOf(active.id as number), ids.indexOf(over.id as number)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={passedMiddle}
      onDragEnd={onDragEnd}
      modifiers={[withinList]}
      accessibility={{
        announcements: announcements(links),
        screenReaderInstructions: { draggable: t('links.drag_help') },
      }}
    >
      <SortableContext items={links.map((link) => link.id)} strategy={verticalListSortingStrategy}>
        <ul className="space-y-2" aria-label={t('links.your_links')}>
          {links.map((link) => (
            <SortableRow key={link.id} link={link}>
              {(handle) => renderItem(link, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
