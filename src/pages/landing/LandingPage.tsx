import { ActionIcon, Anchor, Button, Container, Group, Text, Title } from '@mantine/core';
import {
  IconDeviceMobile,
  IconFileInvoice,
  IconLayoutDashboard,
  IconLock,
  IconMoon,
  IconSun,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Logo, useLayout } from '../../layout/index.ts';
import { FaqBlock } from '../blocks/FaqBlock.tsx';
import { FeaturesBlock } from '../blocks/FeaturesBlock.tsx';
import { HeroBlock } from '../blocks/HeroBlock.tsx';
import { PricingBlock } from '../blocks/PricingBlock.tsx';
import classes from './LandingPage.module.css';

const features = [
  {
    icon: IconLock,
    title: 'Secure sign-in',
    text: 'Your password never leaves your device: sign-in uses SRP, and a code confirms every new account.',
  },
  {
    icon: IconLayoutDashboard,
    title: 'One place for everything',
    text: 'Orders, documents and settings in one dashboard, the same on every device.',
  },
  { icon: IconDeviceMobile, title: 'Made for phones too', text: 'Every screen works from 360 pixels wide upwards.' },
  { icon: IconTruckDelivery, title: 'Deliveries you can follow', text: 'Each order shows where it is and when it will arrive.' },
  { icon: IconFileInvoice, title: 'Invoices on hand', text: 'Every invoice, ready to download whenever your accountant asks.' },
  { icon: IconUsers, title: 'Your team, invited', text: 'Colleagues get their own sign-in to the same account.' },
];

/** The public front page: what the customer area offers, and the way in. */
export function LandingPage() {
  const { state, dispatch } = useLayout();
  const navigate = useNavigate();
  const dark = state.config.colorScheme === 'dark';
  useEffect(() => {
    document.title = 'Customer area';
  }, []);

  return (
    <>
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Link to="/" className={classes.brand}>
              <Logo />
              Customer area
            </Link>
            <Group gap="lg" component="nav" aria-label="Sections">
              <a href="#features" className={classes.navLink}>
                Features
              </a>
              <a href="#pricing" className={classes.navLink}>
                Pricing
              </a>
              <a href="#faq" className={classes.navLink}>
                Questions
              </a>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label={dark ? 'Use light mode' : 'Use dark mode'}
                onClick={() => dispatch({ type: 'setColorScheme', colorScheme: dark ? 'light' : 'dark' })}
              >
                {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
              </ActionIcon>
            </Group>
          </Group>
        </Container>
      </header>

      <main>
        <section className={classes.hero}>
          <Container size="lg">
            <HeroBlock
              headingOrder={1}
              eyebrow="For our customers"
              title="Your customer area"
              text="Sign in to follow your orders, manage your details and reach us when you need to."
              actions={
                <>
                  <Button component={Link} to="/dashboard" size="md">
                    Sign in
                  </Button>
                  <Button component="a" href="#features" size="md" variant="default">
                    See what is inside
                  </Button>
                </>
              }
            />
          </Container>
        </section>

        <section id="features" className={classes.band} aria-labelledby="features-title">
          <Container size="lg">
            <Title order={2} className={classes.sectionTitle} id="features-title">
              What you can do
            </Title>
            <FeaturesBlock features={features} />
          </Container>
        </section>

        <section id="pricing" className={`${classes.band} ${classes.muted}`} aria-labelledby="pricing-title">
          <Container size="lg">
            <Title order={2} className={classes.sectionTitle} id="pricing-title">
              Plans
            </Title>
            <PricingBlock onChoose={() => void navigate('/dashboard')} />
          </Container>
        </section>

        <section id="faq" className={classes.band} aria-labelledby="faq-title">
          <Container size="md">
            <Title order={2} className={classes.sectionTitle} id="faq-title">
              Questions
            </Title>
            <FaqBlock />
            <Text ta="center" mt="xl">
              New here?{' '}
              <Anchor component={Link} to="/dashboard" underline="always">
                Create your account
              </Anchor>{' '}
              in a minute.
            </Text>
          </Container>
        </section>
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between">
            <Group gap="xs">
              <Logo size={20} />
              <Text size="sm" c="dimmed">
                Customer area
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              Questions? Your account team answers within one working day.
            </Text>
          </Group>
        </Container>
      </footer>
    </>
  );
}

export { LandingPage as Component };
