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
import { useTranslation } from '../../i18n/index.ts';
import { Logo, useLayout } from '../../layout/index.ts';
import { FaqBlock } from '../blocks/FaqBlock.tsx';
import { FeaturesBlock } from '../blocks/FeaturesBlock.tsx';
import { HeroBlock } from '../blocks/HeroBlock.tsx';
import { PricingBlock } from '../blocks/PricingBlock.tsx';
import classes from './LandingPage.module.css';

const features = [
  { icon: IconLock, title: 'landing.feature.secure', text: 'landing.feature.secureText' },
  { icon: IconLayoutDashboard, title: 'landing.feature.onePlace', text: 'landing.feature.onePlaceText' },
  { icon: IconDeviceMobile, title: 'landing.feature.phones', text: 'landing.feature.phonesText' },
  { icon: IconTruckDelivery, title: 'landing.feature.deliveries', text: 'landing.feature.deliveriesText' },
  { icon: IconFileInvoice, title: 'landing.feature.invoices', text: 'landing.feature.invoicesText' },
  { icon: IconUsers, title: 'landing.feature.team', text: 'landing.feature.teamText' },
] as const;

/** The public front page: what the customer area offers, and the way in. */
export function LandingPage() {
  const { t } = useTranslation('app');
  const { state, dispatch } = useLayout();
  const navigate = useNavigate();
  const dark = state.config.colorScheme === 'dark';
  const brand = t('brand');
  useEffect(() => {
    document.title = brand;
  }, [brand]);

  return (
    <>
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Link to="/" className={classes.brand}>
              <Logo />
              {brand}
            </Link>
            <Group gap="lg" component="nav" aria-label={t('landing.sections')}>
              <a href="#features" className={classes.navLink}>
                {t('landing.navFeatures')}
              </a>
              <a href="#pricing" className={classes.navLink}>
                {t('landing.navPricing')}
              </a>
              <a href="#faq" className={classes.navLink}>
                {t('landing.navQuestions')}
              </a>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label={dark ? t('landing.useLightMode') : t('landing.useDarkMode')}
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
              eyebrow={t('landing.eyebrow')}
              title={t('landing.title')}
              text={t('landing.text')}
              actions={
                <>
                  <Button component={Link} to="/dashboard" size="md">
                    {t('landing.signIn')}
                  </Button>
                  <Button component="a" href="#features" size="md" variant="default">
                    {t('landing.seeInside')}
                  </Button>
                </>
              }
            />
          </Container>
        </section>

        <section id="features" className={classes.band} aria-labelledby="features-title">
          <Container size="lg">
            <Title order={2} className={classes.sectionTitle} id="features-title">
              {t('landing.featuresTitle')}
            </Title>
            <FeaturesBlock features={features.map((feature) => ({ ...feature, title: t(feature.title), text: t(feature.text) }))} />
          </Container>
        </section>

        <section id="pricing" className={`${classes.band} ${classes.muted}`} aria-labelledby="pricing-title">
          <Container size="lg">
            <Title order={2} className={classes.sectionTitle} id="pricing-title">
              {t('landing.pricingTitle')}
            </Title>
            <PricingBlock onChoose={() => void navigate('/dashboard')} />
          </Container>
        </section>

        <section id="faq" className={classes.band} aria-labelledby="faq-title">
          <Container size="md">
            <Title order={2} className={classes.sectionTitle} id="faq-title">
              {t('landing.faqTitle')}
            </Title>
            <FaqBlock />
            <Text ta="center" mt="xl">
              {t('landing.newHere')}{' '}
              <Anchor component={Link} to="/dashboard" underline="always">
                {t('landing.createAccount')}
              </Anchor>
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
                {brand}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('landing.footer')}
            </Text>
          </Group>
        </Container>
      </footer>
    </>
  );
}

export { LandingPage as Component };
