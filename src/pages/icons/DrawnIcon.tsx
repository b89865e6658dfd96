import { createElement } from 'react';
import type { IconElement } from '../../demo/index.ts';

/** Draws an icon from its data: the elements of a 24 x 24 stroked SVG. */
export function DrawnIcon({ nodes, size = 28 }: { nodes: readonly IconElement[]; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {nodes.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
}
