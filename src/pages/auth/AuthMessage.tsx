import { Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './AuthMessage.module.css';

interface AuthMessageProps {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
}

/** The frame of the public error and access-denied pages: one message and the ways out. */
export function AuthMessage({ icon, color, title, children }: AuthMessageProps) {
  useEffect(() => {
    document.title = `${title} · Customer area`;
  }, [title]);
  return (
    <main className={classes.page}>
      <Container size={480}>
        <Paper withBorder radius="lg" p="xl" shadow="sm" className={classes.card}>
          <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden mx="auto">
            {icon}
          </ThemeIcon>
          <Title order={1} ta="center" mt="md">
            {title}
          </Title>
          <Text c="dimmed" ta="center" mt="xs">
            {children}
          </Text>
          <Group justify="center" mt="xl">
            <Button component={Link} to="/dashboard" color={color}>
              Go to dashboard
            </Button>
            <Button component={Link} to="/" variant="default">
              Home page
            </Button>
          </Group>
        </Paper>
      </Container>
    </main>
  );
}
