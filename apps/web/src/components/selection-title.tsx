import type { TableProps } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The select-all checkbox of a selectable table, left out of the table's measure row. A table
 * that scrolls sideways draws a hidden row (aria-hidden) with a copy of each column title to
 * measure the widths; a copy of the checkbox there is a control that the keyboard reaches but a
 * screen reader never announces (axe: aria-hidden-focus). The copy removes itself once mounted.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [inMeasureRow, setInMeasureRow] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('tr[aria-hidden="true"]')) setInMeasureRow(true);
  }, []);
  if (inMeasureRow) return null;
  return <span ref={ref}>{children}</span>;
}

/** `rowSelection` whose select-all checkbox stays out of the measure row (see above). */
export function accessibleSelection<T>(selection: TableProps<T>['rowSelection']): TableProps<T>['rowSelection'] {
  if (!selection || selection.columnTitle !== undefined) return selection;
  return { ...selection, columnTitle: (checkbox: ReactNode) => <OutsideMeasureRow>{checkbox}</OutsideMeasureRow> };
}
