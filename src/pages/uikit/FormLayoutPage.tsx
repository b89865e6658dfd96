import { Button, Grid, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { getCountries } from '../../demo/index.ts';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import { T } from '../shared/Words.tsx';

/** A label beside its field on wide screens, above it on narrow ones. */
function HorizontalField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Grid align="center" gap="xs">
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {label}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>{children}</Grid.Col>
    </Grid>
  );
}

export function FormLayoutPage() {
  const countries = useDemo(getCountries);
  const countryOptions = countries.status === 'ready' ? countries.data.map((c) => ({ value: c.code, label: c.name })) : [];

  return (
    <>
      <PageHeader heading="page.formLayout.title" description={<T k="page.formLayout.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.formLayout.vertical" />}>
            <Stack>
              <TextInput label="Name" placeholder="Ana García" />
              <TextInput label="Email" type="email" placeholder="ana@example.com" />
              <NumberInput label="Age" min={0} max={130} placeholder="34" />
            </Stack>
          </Section>
          <Section title={<T k="page.formLayout.verticalGrid" />}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" />
              <TextInput label="Email" type="email" />
            </SimpleGrid>
          </Section>
          <Section title={<T k="page.formLayout.helpText" />}>
            <TextInput
              label="Username"
              description="Between 3 and 20 letters or digits; others see it next to your reviews."
              placeholder="ana_g"
            />
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.formLayout.horizontal" />}>
            <Stack>
              <HorizontalField id="horizontal-name" label="Name">
                <TextInput id="horizontal-name" />
              </HorizontalField>
              <HorizontalField id="horizontal-email" label="Email">
                <TextInput id="horizontal-email" type="email" />
              </HorizontalField>
            </Stack>
          </Section>
          <Section title={<T k="page.formLayout.inline" />}>
            <Group align="flex-end" gap="sm">
              <TextInput label="First name" style={{ flex: '1 1 10rem' }} />
              <TextInput label="Last name" style={{ flex: '1 1 10rem' }} />
              <Button>Submit</Button>
            </Group>
          </Section>
        </Stack>
      </SimpleGrid>
      <Section title={<T k="page.formLayout.advanced" />} mt="lg" description="A delivery address: countries come from the demo data.">
        <form onSubmit={(event) => event.preventDefault()}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label="First name" autoComplete="given-name" />
            <TextInput label="Last name" autoComplete="family-name" />
          </SimpleGrid>
          <Textarea label="Address" autoComplete="street-address" mt="md" autosize minRows={2} />
          <SimpleGrid cols={{ base: 1, md: 3 }} mt="md">
            <Select
              label="Country"
              data={countryOptions}
              searchable
              placeholder={countries.status === 'loading' ? 'Loading countries…' : 'Choose a country'}
              error={countries.status === 'error' ? countries.message : undefined}
              nothingFoundMessage="No country matches"
            />
            <TextInput label="City" autoComplete="address-level2" />
            <TextInput label="Postcode" autoComplete="postal-code" />
          </SimpleGrid>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" type="reset">
              Clear
            </Button>
            <Button type="submit">Save address</Button>
          </Group>
        </form>
      </Section>
    </>
  );
}

export { FormLayoutPage as Component };
