import { ActionIcon, Button, CopyButton, Group, Menu, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBookmark,
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconDownload,
  IconHeart,
  IconPlus,
  IconSearch,
  IconSettings,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

const variants = ['filled', 'light', 'outline', 'subtle', 'default', 'transparent'] as const;
// Colours whose shade 8 keeps white text at AA contrast.
const colors = ['blue', 'indigo', 'violet', 'grape', 'pink', 'red'] as const;

export function ButtonPage() {
  const [loading, setLoading] = useState(false);
  const [saves, setSaves] = useState(0);
  const save = () => {
    setLoading(true);
    setTimeout(() => {
      setLoading(false);
      setSaves((n) => n + 1);
    }, 1200);
  };

  return (
    <>
      <PageHeader heading="page.button.title" description={<T k="page.button.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.button.variants" />}>
            <Group gap="sm">
              {variants.map((variant) => (
                <Button key={variant} variant={variant}>
                  {variant[0]!.toUpperCase() + variant.slice(1)}
                </Button>
              ))}
              <Button variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 90 }}>
                Gradient
              </Button>
            </Group>
          </Section>
          <Section title={<T k="page.button.colours" />}>
            <Stack gap="sm">
              {(['filled', 'light', 'outline'] as const).map((variant) => (
                <Group key={variant} gap="sm">
                  {colors.map((color) => (
                    <Button key={color} variant={variant} color={color}>
                      {color[0]!.toUpperCase() + color.slice(1)}
                    </Button>
                  ))}
                </Group>
              ))}
            </Stack>
          </Section>
          <Section title={<T k="page.button.sizes" />}>
            <Group gap="sm" align="center">
              {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
                <Button key={size} size={size}>
                  Size {size}
                </Button>
              ))}
            </Group>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.button.withIcons" />}>
            <Group gap="sm">
              <Button leftSection={<IconPlus size={16} />}>New</Button>
              <Button variant="light" leftSection={<IconUpload size={16} />}>
                Upload
              </Button>
              <Button variant="outline" rightSection={<IconDownload size={16} />}>
                Download
              </Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />}>
                Delete
              </Button>
            </Group>
          </Section>
          <Section title={<T k="page.button.states" />}>
            <Group gap="sm" align="center">
              <Button loading={loading} onClick={save} leftSection={<IconDeviceFloppy size={16} />}>
                Save
              </Button>
              <Button disabled>Disabled</Button>
              <Text size="sm" c="dimmed" role="status">
                {saves ? `Saved ${saves} time${saves === 1 ? '' : 's'}` : 'Press Save to see the loading state'}
              </Text>
            </Group>
          </Section>
          <Section title={<T k="page.button.groupsAndSplitButtons" />}>
            <Stack gap="md">
              <Button.Group>
                <Button variant="default">Day</Button>
                <Button variant="default">Week</Button>
                <Button variant="default">Month</Button>
              </Button.Group>
              <Group gap={0}>
                <Button style={{ borderStartEndRadius: 0, borderEndEndRadius: 0 }}>Save</Button>
                <Menu position="bottom-end" shadow="md">
                  <Menu.Target>
                    <ActionIcon
                      size={36}
                      aria-label="More save options"
                      style={{
                        borderStartStartRadius: 0,
                        borderEndStartRadius: 0,
                        borderInlineStart: '1px solid var(--mantine-color-body)',
                      }}
                    >
                      <IconChevronDown size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconDeviceFloppy size={14} />}>Save as draft</Menu.Item>
                    <Menu.Item leftSection={<IconDownload size={14} />}>Save and download</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Stack>
          </Section>
          <Section title={<T k="page.button.iconButtons" />}>
            <Group gap="sm">
              {[
                { label: 'Search', icon: IconSearch, variant: 'filled' },
                { label: 'Bookmark', icon: IconBookmark, variant: 'light' },
                { label: 'Like', icon: IconHeart, variant: 'outline' },
                { label: 'Settings', icon: IconSettings, variant: 'default' },
              ].map(({ label, icon: Icon, variant }) => (
                <Tooltip key={label} label={label}>
                  <ActionIcon variant={variant} size="lg" radius="xl" aria-label={label}>
                    <Icon size={18} />
                  </ActionIcon>
                </Tooltip>
              ))}
              <CopyButton value="ORDER-4019">
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copied' : 'Copy order number'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { ButtonPage as Component };
