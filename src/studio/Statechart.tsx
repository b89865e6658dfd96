/**
 * The authenticator's statechart drawn here, from the machine itself
 * (chartOf, the same graph as the Mermaid diagram of docs/authenticator.md),
 * with the active states filled and the transitions out of them drawn
 * strong and labelled. No library and no network: routes are laid out in
 * the machine's own order on a grid, each with its moments inside. Drawn at
 * its own size by default (text 12 px, labels 11 px), in a box that scrolls
 * to pan; "Fit" shrinks it to the column, "150%" enlarges it.
 */
import { SegmentedControl } from '@mantine/core';
import { useMemo, useState } from 'react';
import { chartOf, type ChartEdge, type ChartNode } from '../../machines/authenticator/diagram.ts';
import classes from './Studio.module.css';

const COLUMNS = 5;
const BOX_WIDTH = 190;
const HEADER = 26;
const CHILD = 20;
const CHILD_GAP = 4;
const GAP_X = 70;
const GAP_Y = 56;
const MARGIN = 12;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where every state goes: routes on the grid, their moments stacked inside. */
function layout(nodes: readonly ChartNode[]): { boxes: Map<string, Box>; width: number; height: number } {
  const boxes = new Map<string, Box>();
  const heightOf = (node: ChartNode) => HEADER + node.children.length * (CHILD + CHILD_GAP) + (node.children.length ? 6 : 8);
  let y = MARGIN;
  for (let start = 0; start < nodes.length; start += COLUMNS) {
    const row = nodes.slice(start, start + COLUMNS);
    const rowHeight = Math.max(...row.map(heightOf));
    row.forEach((node, column) => {
      const x = MARGIN + column * (BOX_WIDTH + GAP_X);
      boxes.set(node.id, { x, y, w: BOX_WIDTH, h: heightOf(node) });
      node.children.forEach((child, index) => {
        boxes.set(child.id, { x: x + 8, y: y + HEADER + index * (CHILD + CHILD_GAP), w: BOX_WIDTH - 16, h: CHILD });
      });
    });
    y += rowHeight + GAP_Y;
  }
  return { boxes, width: MARGIN * 2 + COLUMNS * BOX_WIDTH + (COLUMNS - 1) * GAP_X, height: y - GAP_Y + MARGIN };
}

/** Where the line from a box's centre towards (tx, ty) leaves the box. */
function border(box: Box, tx: number, ty: number): [number, number] {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const scale = Math.min(Math.abs(box.w / 2 / (dx || 1e-9)), Math.abs(box.h / 2 / (dy || 1e-9)));
  return [cx + dx * Math.min(scale, 1), cy + dy * Math.min(scale, 1)];
}

function edgePath(from: Box, to: Box): { d: string; label: [number, number] } {
  if (from === to) {
    const x = from.x + from.w;
    const y = from.y + from.h / 2;
    return { d: `M ${x} ${y - 5} C ${x + 28} ${y - 18}, ${x + 28} ${y + 18}, ${x} ${y + 5}`, label: [x + 30, y] };
  }
  const [x1, y1] = border(from, to.x + to.w / 2, to.y + to.h / 2);
  const [x2, y2] = border(to, from.x + from.w / 2, from.y + from.h / 2);
  return { d: `M ${x1} ${y1} L ${x2} ${y2}`, label: [(x1 + x2) / 2, (y1 + y2) / 2] };
}

const ZOOMS = { fit: 'Fit', '1': '100%', '1.5': '150%' } as const;
type Zoom = keyof typeof ZOOMS;

export function Statechart({ active }: { active: readonly string[] }) {
  const [zoom, setZoom] = useState<Zoom>('1');
  const chart = useMemo(() => chartOf(), []);
  const { boxes, width, height } = useMemo(() => layout(chart.nodes), [chart]);
  const activeSet = new Set(active);
  const strong = (edge: ChartEdge) => activeSet.has(edge.from);
  const edges = [...chart.edges.filter((edge) => !strong(edge)), ...chart.edges.filter(strong)];
  const current = active.at(-1) ?? 'none';

  const drawNode = (node: ChartNode, child: boolean) => {
    const box = boxes.get(node.id)!;
    const isActive = activeSet.has(node.id);
    return (
      <g key={node.id} data-state={node.id} data-active={isActive || undefined}>
        <title>{node.description ?? node.id}</title>
        <rect
          x={box.x}
          y={box.y}
          width={box.w}
          height={box.h}
          rx={child ? 10 : 6}
          className={`${child ? classes.chartChild : classes.chartRoute} ${isActive ? classes.chartActive : ''}`}
        />
        <text
          x={box.x + (child ? box.w / 2 : 8)}
          y={box.y + (child ? 14 : 17)}
          textAnchor={child ? 'middle' : 'start'}
          className={classes.chartText}
        >
          {node.key}
        </text>
      </g>
    );
  };

  return (
    <div className={classes.chartBox}>
      <SegmentedControl
        aria-label="Statechart zoom"
        size="xs"
        value={zoom}
        onChange={(value) => setZoom(value as Zoom)}
        data={Object.entries(ZOOMS).map(([value, label]) => ({ value, label }))}
      />
      {/* Scrolls to pan the chart; focusable, so the keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
      <div className={classes.chartViewport} tabIndex={0} role="region" aria-label="Statechart (scroll to pan)">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={zoom === 'fit' ? undefined : width * Number(zoom)}
          height={zoom === 'fit' ? undefined : height * Number(zoom)}
          className={zoom === 'fit' ? classes.chartFit : classes.chart}
          role="img"
          aria-label={`Statechart of the authenticator; current state: ${current}`}
          data-testid="statechart"
        >
          <defs>
            <marker id="studio-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className={classes.chartArrow} />
            </marker>
          </defs>
          {chart.nodes.map((node) => (
            <g key={node.id}>
              {drawNode(node, false)}
              {node.children.map((child) => drawNode(child, true))}
            </g>
          ))}
          {edges.map((edge) => {
            const from = boxes.get(edge.from);
            const to = boxes.get(edge.to);
            if (!from || !to) return null;
            const { d, label } = edgePath(from, to);
            const isStrong = strong(edge);
            return (
              <g key={`${edge.from}>${edge.to}`} data-edge={`${edge.from}>${edge.to}`} data-strong={isStrong || undefined}>
                <path d={d} className={isStrong ? classes.chartEdgeStrong : classes.chartEdge} markerEnd="url(#studio-arrow)" />
                {isStrong && (
                  <text x={label[0]} y={label[1]} className={classes.chartLabel} textAnchor="middle">
                    {edge.label.length > 48 ? `${edge.label.slice(0, 46)}…` : edge.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}
