import { Badge, CloseButton, Group, Select, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { getIcons, type IconEntry } from '../../demo/index.ts';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import { DrawnIcon } from './DrawnIcon.tsx';
import classes from './IconsPage.module.css';
import { T } from '../shared/Words.tsx';

export function IconsPage() {
  const icons = useDemo(getIcons);
  return (
    <>
      <PageHeader heading="page.icons.title" description={<T k="page.icons.lead" />} />
      <Section title={<T k="page.icons.iconSet" />}>
        <DemoContent state={icons} skeletonRows={6}>
          {(list) => <IconBrowser icons={list} />}
        </DemoContent>
      </Section>
    </>
  );
}

function IconBrowser({ icons }: { icons: IconEntry[] }) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const clipboard = useClipboard({ timeout: 1500 });
  const [copied, setCopied] = useState<string | null>(null);
  const categories = useMemo(() => [...new Set(icons.map((i) => i.category))].sort(), [icons]);

  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = icons.filter(
    (icon) =>
      (!category || icon.category === category) &&
      words.every((word) => icon.name.includes(word) || icon.tags.some((tag) => tag.toLowerCase().includes(word))),
  );

  return (
    <>
      <Group mb="md" gap="sm" align="flex-end">
        <TextInput
          label="Search icons"
          placeholder="Name or tag, e.g. arrow, mail, cloud"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          rightSection={query && <CloseButton aria-label="Clear search" onClick={() => setQuery('')} size="sm" />}
          style={{ flex: '1 1 16rem' }}
        />
        <Select label="Category" placeholder="All categories" data={categories} value={category} onChange={setCategory} clearable w={220} />
      </Group>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {shown.length} of {icons.length} icons
        </Text>
        {copied && clipboard.copied && (
          <Badge variant="dot" color="teal" role="status">
            Copied “{copied}”
          </Badge>
        )}
      </Group>
      {shown.length ? (
        <ul className={classes.grid}>
          {shown.map((icon) => (
            <li key={icon.name}>
              <UnstyledButton
                className={classes.tile}
                data-ripple
                aria-label={`${icon.name}, copy name`}
                onClick={() => {
                  clipboard.copy(icon.name);
                  setCopied(icon.name);
                }}
              >
                <DrawnIcon nodes={icon.nodes} />
                <span className={classes.name}>{icon.name}</span>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : (
        <Text ta="center" c="dimmed" py="xl">
          No icon matches “{query}”{category ? ` in ${category}` : ''}.
        </Text>
      )}
    </>
  );
}

export { IconsPage as Component };
