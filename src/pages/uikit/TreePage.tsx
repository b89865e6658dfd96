import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tree,
  mergeAsyncChildren,
  useTree,
  type RenderTreeNodePayload,
  type TreeNodeData,
} from '@mantine/core';
import {
  IconCalendar,
  IconCalendarEvent,
  IconChevronDown,
  IconChevronRight,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFolder,
  IconFolderOpen,
  IconMovie,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import {
  getFileChildren,
  getFiles,
  getFileSystem,
  getFileSystemChildren,
  getLazyFiles,
  getLazyFileSystem,
  type FileNode,
  type FileSystemNode,
} from '../../demo/index.ts';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import { T } from '../shared/Words.tsx';

const ICONS: Record<string, Icon> = {
  'file-text': IconFileText,
  'file-spreadsheet': IconFileSpreadsheet,
  'file-type-pdf': IconFileTypePdf,
  calendar: IconCalendar,
  'calendar-event': IconCalendarEvent,
  photo: IconPhoto,
  movie: IconMovie,
};

/** Demo file nodes as Mantine tree data; the icon name rides along in nodeProps. */
const toTreeData = (nodes: readonly FileNode[]): TreeNodeData[] =>
  nodes.map((node) => ({
    value: node.key,
    label: node.label,
    nodeProps: { icon: node.icon },
    children: node.children && toTreeData(node.children),
    hasChildren: node.leaf === false ? true : undefined,
  }));

function FileLabel({ node, expanded, hasChildren, isLoading, level }: RenderTreeNodePayload) {
  const icon = (node.nodeProps as { icon?: string } | undefined)?.icon ?? '';
  const NodeIcon = icon === 'folder' ? (expanded ? IconFolderOpen : IconFolder) : (ICONS[icon] ?? IconFile);
  return (
    <Group gap={6} wrap="nowrap" py={4} pl={level === 1 ? 0 : 2}>
      {hasChildren ? (
        isLoading ? (
          <Loader size={14} role="status" aria-label="Loading" />
        ) : expanded ? (
          <IconChevronDown size={14} aria-hidden />
        ) : (
          <IconChevronRight size={14} aria-hidden />
        )
      ) : (
        <span style={{ width: 14 }} />
      )}
      <NodeIcon size={18} stroke={1.6} aria-hidden color="var(--mantine-primary-color-filled)" />
      <Text size="sm">{node.label}</Text>
    </Group>
  );
}

export function TreePage() {
  const files = useDemo(getFiles);
  const lazyFiles = useDemo(getLazyFiles);
  const fileSystem = useDemo(getFileSystem);
  const lazyFileSystem = useDemo(getLazyFileSystem);
  return (
    <>
      <PageHeader heading="page.tree.title" description={<T k="page.tree.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={<T k="page.tree.files" />}>
          <DemoContent state={files}>{(list) => <FileTree data={toTreeData(list)} />}</DemoContent>
        </Section>
        <Section title={<T k="page.tree.checkBoxes" />}>
          <DemoContent state={files}>{(list) => <CheckboxTree data={toTreeData(list)} />}</DemoContent>
        </Section>
        <Section title={<T k="page.tree.lazyLoading" />} description="Folders load their content when opened">
          <DemoContent state={lazyFiles}>{(list) => <LazyTree roots={toTreeData(list)} />}</DemoContent>
        </Section>
        <Section title={<T k="page.tree.treeTable" />} description="Lazy variant below the full one">
          <Stack gap="lg">
            <DemoContent state={fileSystem}>{(list) => <TreeTable roots={list} caption="File system" />}</DemoContent>
            <DemoContent state={lazyFileSystem}>
              {(list) => <TreeTable roots={list} caption="File system, loaded on demand" lazy />}
            </DemoContent>
          </Stack>
        </Section>
      </SimpleGrid>
    </>
  );
}

function FileTree({ data }: { data: TreeNodeData[] }) {
  const tree = useTree({ initialExpandedState: { '0': true } });
  return (
    <>
      <Group gap="xs" mb="sm">
        <Button size="xs" variant="light" onClick={() => tree.expandAllNodes()}>
          Expand all
        </Button>
        <Button size="xs" variant="default" onClick={() => tree.collapseAllNodes()}>
          Collapse all
        </Button>
      </Group>
      <Tree
        data={data}
        tree={tree}
        levelOffset="lg"
        selectOnClick
        renderNode={(payload) => (
          <div {...payload.elementProps}>
            <FileLabel {...payload} />
          </div>
        )}
        aria-label="Files"
      />
    </>
  );
}

function CheckboxTree({ data }: { data: TreeNodeData[] }) {
  const tree = useTree({ initialCheckedState: ['0-0-0'], initialExpandedState: { '0': true, '0-0': true } });
  const checked = tree.getCheckedNodes().filter((n) => n.checked && !n.hasChildren).length;
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" role="status">
        {checked} file{checked === 1 ? '' : 's'} chosen
      </Text>
      <Tree
        data={data}
        tree={tree}
        levelOffset={23}
        expandOnClick={false}
        checkOnSpace
        aria-label="Files with check boxes"
        renderNode={({ node, expanded, hasChildren, elementProps, tree: controller }) => (
          <Group gap={6} wrap="nowrap" {...elementProps} py={3}>
            <Checkbox.Indicator
              checked={controller.isNodeChecked(node.value)}
              indeterminate={controller.isNodeIndeterminate(node.value)}
              onClick={() => (controller.isNodeChecked(node.value) ? controller.uncheckNode(node.value) : controller.checkNode(node.value))}
            />
            <Group
              gap={4}
              wrap="nowrap"
              onClick={() => controller.toggleExpanded(node.value)}
              style={{ cursor: hasChildren ? 'pointer' : undefined }}
            >
              <Text size="sm">{node.label}</Text>
              {hasChildren && (expanded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />)}
            </Group>
          </Group>
        )}
      />
    </>
  );
}

function LazyTree({ roots }: { roots: TreeNodeData[] }) {
  const [data, setData] = useState(roots);
  const tree = useTree({
    onLoadChildren: async (value) => {
      const children = toTreeData(
        (await getFileChildren(value)).map((child) => (child.children ? { ...child, children: undefined, leaf: false } : child)),
      );
      setData((current) => mergeAsyncChildren(current, value, children));
    },
  });
  return (
    <Tree
      data={data}
      tree={tree}
      levelOffset="lg"
      aria-label="Files loaded on demand"
      renderNode={(payload) => (
        <div {...payload.elementProps}>
          <FileLabel {...payload} />
          {payload.loadError && (
            <Text size="xs" c="red" role="alert">
              {payload.loadError.message}
            </Text>
          )}
        </div>
      )}
    />
  );
}

function TreeTable({ roots, caption, lazy = false }: { roots: FileSystemNode[]; caption: string; lazy?: boolean }) {
  const [nodes, setNodes] = useState(roots);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = async (node: FileSystemNode) => {
    const next = new Set(open);
    if (next.delete(node.key)) return setOpen(next);
    if (lazy && !node.children) {
      setLoading(node.key);
      setError(null);
      try {
        const children = (await getFileSystemChildren(node.key)).map((c) => (c.children ? { ...c, children: undefined, leaf: false } : c));
        const attach = (list: FileSystemNode[]): FileSystemNode[] =>
          list.map((n) => (n.key === node.key ? { ...n, children } : n.children ? { ...n, children: attach(n.children) } : n));
        setNodes(attach);
      } catch (reason) {
        setError(reason instanceof Error ? reason.message : 'The folder could not be opened.');
        return;
      } finally {
        setLoading(null);
      }
    }
    next.add(node.key);
    setOpen(next);
  };

  const rows = (list: FileSystemNode[], depth: number): ReactNode =>
    list.map((node) => {
      const folder = Boolean(node.children?.length) || node.leaf === false;
      return (
        <Fragment key={node.key}>
          <Table.Tr>
            <Table.Td style={{ paddingInlineStart: `calc(${depth} * 1.25rem + 0.5rem)` }}>
              <Group gap={4} wrap="nowrap">
                {folder ? (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`${open.has(node.key) ? 'Close' : 'Open'} ${node.data.name}`}
                    aria-expanded={open.has(node.key)}
                    onClick={() => void toggle(node)}
                  >
                    {loading === node.key ? (
                      <Loader size={12} role="status" aria-label="Loading" />
                    ) : open.has(node.key) ? (
                      <IconChevronDown size={14} />
                    ) : (
                      <IconChevronRight size={14} />
                    )}
                  </ActionIcon>
                ) : (
                  <span style={{ width: 22 }} />
                )}
                {node.data.name}
              </Group>
            </Table.Td>
            <Table.Td>{node.data.size}</Table.Td>
            <Table.Td>{node.data.type}</Table.Td>
          </Table.Tr>
          {open.has(node.key) && node.children && rows(node.children, depth + 1)}
        </Fragment>
      );
    });

  return (
    <>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={6} captionSide="top">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Type</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows(nodes, 0)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

export { TreePage as Component };
