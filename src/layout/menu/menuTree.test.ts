import { describe, expect, it } from 'vitest';
import english from '../../i18n/messages/en.json';
import type { MessageKey } from '../../i18n/index.ts';
import { MENU, type LabelValues, type MenuGroup, type MenuNode } from './menuModel.ts';
import { activeLink, placeNodes } from './menuTree.ts';

/** A label as the English catalogue writes it (the menu's labels are messages of the catalogue). */
const inEnglish = (label: MessageKey, values: LabelValues = {}) =>
  english[label].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
const label = (node: MenuNode | { label: MessageKey; values?: LabelValues }) => inEnglish(node.label, node.values);

const placed = placeNodes(MENU);
const labelAt = (pathname: string, search = '') => {
  const node = activeLink(placed, { pathname, search })?.node;
  return node && label(node);
};

describe('the menu model', () => {
  it('holds the sections of spec §2, in order', () => {
    expect(MENU.map(label)).toEqual(['Home', 'UI Components', 'Prime Blocks', 'Utilities', 'Pages', 'Hierarchy', 'Get Started']);
  });

  it('lists the 16 UI component pages', () => {
    const uikit = MENU.find((s) => label(s) === 'UI Components')!.items.map(label);
    expect(uikit).toEqual([
      'Form layout',
      'Input',
      'Float label',
      'Invalid state',
      'Button',
      'Table',
      'List',
      'Tree',
      'Panel',
      'Overlay',
      'Media',
      'Menu',
      'Message',
      'File',
      'Chart',
      'Misc',
    ]);
  });

  it('has an external link in Prime Blocks, Utilities and Get Started', () => {
    for (const name of ['Prime Blocks', 'Utilities', 'Get Started']) {
      const section = MENU.find((s) => label(s) === name)!;
      expect(section.items.some((i) => i.kind === 'external' && i.href.startsWith('https://'))).toBe(true);
    }
  });

  it('nests the Hierarchy section three levels deep', () => {
    const depths = placed.filter((p) => p.id.startsWith('menu-hierarchy')).map((p) => p.depth);
    expect(Math.max(...depths)).toBe(2);
    const submenu1 = MENU.find((s) => label(s) === 'Hierarchy')!.items[0] as MenuGroup;
    expect(label((submenu1.items[0] as MenuGroup).items[0]!)).toBe('Submenu 1.1.1');
  });

  it('gives every node a unique id and its groups as ancestors', () => {
    expect(new Set(placed.map((p) => p.id)).size).toBe(placed.length);
    const leaf = placed.find((p) => label(p.node) === 'Submenu 2.1.2')!;
    expect(leaf.ancestors).toEqual(['menu-hierarchy-submenu-2', 'menu-hierarchy-submenu-2-submenu-2-1']);
  });
});

describe('the active link', () => {
  it('is the link with the current path', () => {
    expect(labelAt('/dashboard')).toBe('Dashboard');
    expect(labelAt('/dashboard/uikit/tree')).toBe('Tree');
    expect(labelAt('/dashboard/uikit/tree/')).toBe('Tree');
    expect(labelAt('/auth/access')).toBe('Access denied');
  });

  it('tells items that share a page apart by their query', () => {
    expect(labelAt('/dashboard/pages/empty')).toBe('Empty');
    expect(labelAt('/dashboard/pages/empty', '?item=2.1.2')).toBe('Submenu 2.1.2');
    expect(labelAt('/dashboard/pages/empty', '?item=9')).toBe('Empty');
  });

  it('is none where no item leads', () => {
    expect(labelAt('/dashboard/elsewhere')).toBeUndefined();
  });
});
