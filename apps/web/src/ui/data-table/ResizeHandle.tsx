import { Box } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

interface ResizeHandleProps {
  label: string;
  /** The width the user chose; without one the column's rendered width is reported. */
  width: number | undefined;
  min: number;
  max: number;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * The drag / arrow-key handle on a column's edge. A focusable separator is a widget (WAI-ARIA):
 * it always says its value, so an unsized column reports the width it is drawn at.
 */
export function ResizeHandle({ label, width, min, max, onPointerDown, onKeyDown }: ResizeHandleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<number>(min);
  useEffect(() => {
    const th = ref.current?.closest('th');
    if (!th) return;
    const measure = () => setDrawn(Math.round(th.getBoundingClientRect().width) || min);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // The observer reports the header's size once laid out, and on every change: reading it here at mount would
    // force a layout of the whole table once per column, in the first render's task.
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) setDrawn(Math.round(box.inlineSize) || min);
      else measure();
    });
    observer.observe(th, { box: 'border-box' });
    return () => observer.disconnect();
  }, [min]);
  const value = Math.min(max, Math.max(min, Math.round(width ?? drawn)));
  return (
    <Box
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      className="column-resize-handle"
      style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: 6, cursor: 'col-resize', touchAction: 'none', userSelect: 'none' }}
    />
  );
}
