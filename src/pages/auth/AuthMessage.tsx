import { Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation, type MessageKey } from '../../i18n/index.ts';
import classes from './AuthMessage.module.css';

interface AuthMessageProps {
  icon: ReactNode;
  color: string;
  title: MessageKey;
  text: MessageKey;
}

/** The frame of the public error and access-denied pages: one message and the ways out. */
export function AuthMessage({ icon, color, title, text }: AuthMessageProps) {
  const { t } = useTranslation('app');
  const heading = t(title);
  const brand = t('brand');
  useEffect(() => {
    document.title = `${heading} · ${brand}`;
  }, [heading, brand]);
  return (
    <main className={classes.page}>
      <Container size={480}>
        <Paper withBorder radius="lg" p="xl" shadow="sm" className={classes.card}>
          <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden mx="auto">
            {icon}
          </ThemeIcon>
          <Title order={1} ta="center" mt="md">
            {heading}
          </Title>
          <Text c="dimmed" ta="center" mt="xs">
            {t(text)}
          </Text>
          <Group justify="center" mt="xl">
            <Button component={Link} to="/dashboard" color={color}>
              {t('authPage.toDashboard')}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t('authPage.home')}
            </Button>
          </Group>
        </Paper>
      </Container>
    </main>
  );
}
