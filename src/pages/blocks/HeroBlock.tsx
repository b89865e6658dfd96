import { Badge, Button, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Blocks.module.css';

interface HeroBlockProps {
  headingOrder?: 1 | 2 | 3;
  eyebrow: string;
  title: ReactNode;
  text: string;
  actions?: ReactNode;
}

/** A headline, a short pitch and its calls to action, beside an illustration. */
export function HeroBlock({ headingOrder = 2, eyebrow, title, text, actions }: HeroBlockProps) {
  return (
    <div className={classes.hero}>
      <div>
        <Badge variant="light" size="lg" mb="md">
          {eyebrow}
        </Badge>
        <Title order={headingOrder} className={classes.heroTitle}>
          {title}
        </Title>
        <Text size="lg" c="dimmed" mt="md" maw={560}>
          {text}
        </Text>
        <Group mt="xl">{actions ?? <Button size="md">Get started</Button>}</Group>
      </div>
      <HeroArt />
    </div>
  );
}

/** A dashboard sketched in the theme's colours, so it follows every theme and scheme. */
function HeroArt() {
  return (
    <svg viewBox="0 0 480 320" className={classes.heroArt} role="img" aria-label="Sketch of the dashboard on a laptop and a phone">
      <rect width="480" height="320" rx="20" fill="var(--mantine-primary-color-light)" />
      <rect x="40" y="40" width="300" height="200" rx="12" fill="var(--mantine-color-body)" stroke="var(--mantine-color-default-border)" />
      <rect x="40" y="40" width="300" height="28" rx="12" fill="var(--mantine-primary-color-filled)" />
      <rect x="56" y="84" width="70" height="140" rx="8" fill="var(--mantine-primary-color-light)" />
      <rect x="140" y="84" width="84" height="50" rx="8" fill="var(--mantine-color-default-hover)" />
      <rect x="238" y="84" width="86" height="50" rx="8" fill="var(--mantine-color-default-hover)" />
      <path
        d="M146 210 L180 178 L208 192 L246 152 L290 170 L318 148"
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect
        x="330"
        y="120"
        width="110"
        height="170"
        rx="16"
        fill="var(--mantine-color-body)"
        stroke="var(--mantine-color-default-border)"
      />
      <rect x="344" y="140" width="82" height="14" rx="7" fill="var(--mantine-primary-color-filled)" />
      <rect x="344" y="166" width="82" height="36" rx="8" fill="var(--mantine-color-default-hover)" />
      <rect x="344" y="212" width="82" height="36" rx="8" fill="var(--mantine-color-default-hover)" />
      <circle cx="385" cy="272" r="7" fill="var(--mantine-color-default-border)" />
    </svg>
  );
}
