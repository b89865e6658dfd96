import { Button, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLayoutDashboard, IconDeviceMobile } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './LandingPage.module.css';

const features = [
  { icon: IconLock, title: 'Secure sign-in', text: 'Your password never leaves your device: sign-in uses SRP, and codes confirm every new account.' },
  { icon: IconLayoutDashboard, title: 'One place for everything', text: 'Orders, documents and settings in one dashboard, the same on every device.' },
  { icon: IconDeviceMobile, title: 'Made for phones too', text: 'Every screen works from 360 pixels wide upwards.' },
];

export function LandingPage() {
  return (
    <Container size="lg" className={classes.page}>
      <section className={classes.hero}>
        <Title order={1} className={classes.title}>
          Your customer area
        </Title>
        <Text size="lg" c="dimmed" maw={560}>
          Sign in to follow your orders, manage your details and reach us when you need to.
        </Text>
        <Group mt="xl">
          <Button component={Link} to="/dashboard" size="md">
            Sign in
          </Button>
        </Group>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" mt={48}>
        {features.map(({ icon: Icon, title, text }) => (
          <div key={title}>
            <ThemeIcon size="lg" variant="light" aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
            <Title order={2} size="h4" mt="sm">
              {title}
            </Title>
            <Text c="dimmed" mt={4}>
              {text}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Container>
  );
}

export { LandingPage as Component };
