import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
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
import type { DragHandle } from './link-item';

// Drag and drop for Manage Links (dnd-kit, loaded on the first reach for a handle): a row moves
// by its handle with a pointer or a finger, or from the keyboard (Space or Enter to pick it up,
// the arrows to move, Space or Enter to drop, Escape to cancel), and each step is announced.

const INSTRUCTIONS =
  'To reorder a link, press Space or Enter on its handle, move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel.';

function announcements(links: Link[]): Announcements {
  const title = (id: UniqueIdentifier) => links.find((link) => link.id === id)?.title ?? 'The link';
  const at = (id: UniqueIdentifier | undefined) => links.findIndex((link) => link.id === id) + 1;
  const of = links.length;
  return {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, position ${at(active.id)} of ${of}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${title(active.id)} is over position ${at(over.id)} of ${of}.`
        : `${title(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over ? `${title(active.id)} dropped at position ${at(over.id)} of ${of}.` : `${title(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${title(active.id)} is back at position ${at(active.id)} of ${of}.`,
  };
}

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
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(links), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={links.map((link) => link.id)} strategy={verticalListSortingStrategy}>
        <ul className="space-y-2" aria-label="Your Links">
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
