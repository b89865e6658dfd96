import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation, type MessageKey } from '../../i18n/index.ts';

type PageHeaderProps = (
  | {
      /** the heading, already in the customer's language */
      title: string;
      heading?: never;
    }
  | {
      /** the heading's message in the catalogue (`page.*`) */
      heading: MessageKey;
      title?: never;
    }
) & {
  description?: ReactNode;
  /** buttons on the right of the heading */
  actions?: ReactNode;
};

/** The page's one h1, its lead text, and the window title. */
export function PageHeader({ title, heading, description, actions }: PageHeaderProps) {
  const { t } = useTranslation('app');
  const text = heading ? t(heading) : title;
  const brand = t('brand');
  useEffect(() => {
    document.title = `${text} · ${brand}`;
  }, [text, brand]);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md">
      <Stack gap={4} maw={720}>
        <Title order={1} size="h2">
          {text}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
