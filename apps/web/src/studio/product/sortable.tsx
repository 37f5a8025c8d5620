import { HolderOutlined } from '@ant-design/icons';
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
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { createContext, useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { movedIds } from './ordering';

interface SortableGroupProps {
  ids: string[];
  /** The visible name of an item, for the screen reader announcements. */
  nameOf: (id: string) => string;
  onMove: (ids: string[]) => void;
  /** Cards in a grid move in two dimensions; rows and list items in one. */
  layout?: 'list' | 'grid';
  children: ReactNode;
}

/**
 * One group of siblings that can be put in order by dragging a handle with the pointer, or with
 * the keyboard (space to pick up, arrows to move, space to drop, escape to cancel).
 */
export function SortableGroup({ ids, nameOf, onMove, layout = 'list', children }: SortableGroupProps) {
  const { t } = useTranslation('studio');
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('product.drag.pickedUp', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('product.drag.over', { name: name(active.id), over: name(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('product.drag.dropped', { name: name(active.id), over: name(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('product.drag.cancelled', { name: name(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = movedIds(ids, String(active.id), over ? String(over.id) : null);
    if (next) onMove(next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('product.drag.instructions') },
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

type TSortable = ReturnType<typeof useSortable>;

/** What a sortable item hands to its drag handle. */
interface THandleBinding {
  activatorRef: TSortable['setActivatorNodeRef'];
  attributes: TSortable['attributes'];
  listeners: TSortable['listeners'];
}

/** An item of a SortableGroup: its node ref and style, and the binding of its handle. */
export function useSortableItem(id: string) {
  const sortable = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    ...(sortable.isDragging ? { position: 'relative', zIndex: 10, opacity: 0.85 } : {}),
  };
  const handle: THandleBinding = {
    activatorRef: sortable.setActivatorNodeRef,
    attributes: sortable.attributes,
    listeners: sortable.listeners,
  };
  return { setNodeRef: sortable.setNodeRef, style, handle };
}

/** The drag handle: a real button, named for the item it moves. */
export function DragHandle({ binding, label }: { binding: THandleBinding; label: string }) {
  const { activatorRef, attributes, listeners } = binding;
  return (
    <Button
      ref={activatorRef}
      type="text"
      size="small"
      icon={<HolderOutlined aria-hidden />}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={label}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

const RowHandleContext = createContext<THandleBinding | null>(null);

type TRowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string };

/** A table row that moves when its handle cell is dragged (antd's `components.body.row`). */
export function SortableRow(props: TRowProps) {
  const key = props['data-row-key'];
  // The "no data" placeholder row has no key and does not move.
  return key === undefined ? <tr {...props} /> : <MovingRow rowKey={key} {...props} />;
}

function MovingRow({ rowKey, style, ...props }: TRowProps & { rowKey: string }) {
  const { setNodeRef, style: moving, handle } = useSortableItem(rowKey);
  return (
    <RowHandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={{ ...style, ...moving }} />
    </RowHandleContext.Provider>
  );
}

/** The handle cell of a SortableRow. */
export function RowDragHandle({ label }: { label: string }) {
  const binding = useContext(RowHandleContext);
  return binding ? <DragHandle binding={binding} label={label} /> : null;
}
