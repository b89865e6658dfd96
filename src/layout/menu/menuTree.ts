import type { LabelValues, MenuNode, MenuSection } from './menuModel.ts';

/** A menu node with its place in the tree: a stable id and the ids of the groups around it. */
export interface PlacedNode {
  node: MenuNode;
  id: string;
  depth: number;
  ancestors: string[];
}

/** A node's part of its id, from its label's message name and values ('shell.menu.submenu' 2.1 → 'submenu-2-1'), the same in every language. */
const slug = (label: string, values?: LabelValues) =>
  [label.slice(label.lastIndexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1-$2'), ...Object.values(values ?? {})]
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every node of the menu, depth first, each with an id unique within the menu. */
export function placeNodes(menu: readonly MenuSection[]): PlacedNode[] {
  const placed: PlacedNode[] = [];
  const visit = (nodes: readonly MenuNode[], parentId: string, depth: number, ancestors: string[]) => {
    for (const node of nodes) {
      const id = `${parentId}-${slug(node.label, node.values)}`;
      placed.push({ node, id, depth, ancestors });
      if (node.kind === 'group') visit(node.items, id, depth + 1, [...ancestors, id]);
    }
  };
  for (const section of menu) visit(section.items, `menu-${slug(section.label)}`, 0, []);
  return placed;
}

/**
 * The link for where the customer is: the one whose path and query match
 * exactly, else the one with the same path and no query of its own.
 */
export function activeLink(placed: readonly PlacedNode[], location: { pathname: string; search: string }): PlacedNode | undefined {
  const pathname = location.pathname.replace(/(.)\/+$/, '$1');
  const links = placed.filter((p) => p.node.kind === 'link');
  const target = (p: PlacedNode) => new URL((p.node as { to: string }).to, 'http://menu');
  return (
    links.find((p) => target(p).pathname === pathname && target(p).search === location.search) ??
    links.find((p) => target(p).pathname === pathname && target(p).search === '')
  );
}
