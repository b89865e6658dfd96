import { SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export interface Feature {
  icon: Icon;
  title: string;
  text: string;
}

/** A grid of features, each an icon, a title and a sentence or two. */
export function FeaturesBlock({ features, headingOrder = 3 }: { features: readonly Feature[]; headingOrder?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl">
      {features.map(({ icon: FeatureIcon, title, text }) => (
        <div key={title}>
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <FeatureIcon size={24} stroke={1.6} />
          </ThemeIcon>
          <Title order={headingOrder} size="h4" mt="sm">
            {title}
          </Title>
          <Text c="dimmed" mt={4}>
            {text}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
