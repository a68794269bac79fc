/**
 * A list an admin puts in order by dragging a row's handle or, from the keyboard, by focusing the
 * handle, pressing Space, moving with the arrow keys and pressing Space again (Escape puts it back).
 * Screen readers hear each step in the UI language. The new order goes to `onReorder` once the row
 * is dropped; the caller saves it and, refused, gives the list back as the server has it.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

export interface SortableRow {
  id: number;
  /** The row's name, for the handle's label and what a screen reader hears. */
  name: string;
  content: ReactNode;
}

export function SortableList({
  rows,
  labelledBy,
  disabled,
  onReorder,
}: {
  rows: SortableRow[];
  labelledBy: string;
  disabled: boolean;
  onReorder: (ids: number[]) => void;
}) {
  const { t } = useLingui();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier | undefined) => rows.find((row) => row.id === id)?.name ?? "";
  const placeOf = (id: UniqueIdentifier | undefined) => rows.findIndex((row) => row.id === id) + 1;
  const count = rows.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up ${nameOf(active.id)}, position ${placeOf(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? t`${nameOf(active.id)} moved to position ${placeOf(over.id)} of ${count}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t`${nameOf(active.id)} dropped at position ${placeOf(over.id)} of ${count}.` : undefined,
    onDragCancel: ({ active }) => t`Moving ${nameOf(active.id)} cancelled: it stays where it was.`,
  };

  function dropped({ active, over }: DragEndEvent) {
    if (over === null || active.id === over.id) return;
    const ids = rows.map((row) => row.id);
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To move a row, press Space, then the up and down arrows, then Space to drop it or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul aria-labelledby={labelledBy}>
          {rows.map((row) => (
            <SortableItem key={row.id} row={row} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ row }: { row: SortableRow }) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.id,
  });
  return (
    <li
      ref={setNodeRef}
      className="back-office__sortable"
      data-dragging={isDragging ? "true" : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="back-office__handle"
        {...attributes}
        {...listeners}
        aria-label={t`Move ${row.name}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {row.content}
    </li>
  );
}
