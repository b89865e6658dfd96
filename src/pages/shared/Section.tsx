import { Group, Paper, Text, Title, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps extends PaperProps {
  /** the heading, in the customer's language (a translated string or `<T k="page.…" />`) */
  title: ReactNode;
  description?: ReactNode;
  /** controls on the right of the title */
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
}

/** A titled card: the building block of every demo page (its title is an h2). */
export function Section({ title, description, actions, children, ...paper }: SectionProps) {
  return (
    <Paper component="section" withBorder radius="lg" p="lg" {...paper}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
