import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { hasLength, isEmail, isInRange, isNotEmpty, matchesField, useForm } from '@mantine/form';
import { useState } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

export function InvalidStatePage() {
  const [saved, setSaved] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: '',
      email: '',
      age: '' as number | string,
      password: '',
      confirm: '',
      plan: null as string | null,
      terms: false,
    },
    validate: {
      name: hasLength({ min: 2, max: 40 }, 'Name must be 2 to 40 characters'),
      email: isEmail('Please enter a valid email'),
      age: isInRange({ min: 18, max: 120 }, 'You must be 18 or older'),
      password: hasLength({ min: 8 }, 'Password must have at least 8 characters'),
      confirm: matchesField('password', 'Your passwords must match'),
      plan: isNotEmpty('Choose a plan'),
      terms: (value) => (value ? null : 'Accept the terms to continue'),
    },
  });

  return (
    <>
      <PageHeader heading="page.invalidState.title" description={<T k="page.invalidState.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={<T k="page.invalidState.fieldsInError" />}>
          <Stack>
            <TextInput label="Text" defaultValue="a" error="Must be at least 2 characters" />
            <Select label="Select" data={['One', 'Two']} error="Choose an option" />
            <MultiSelect label="Multiple" data={['One', 'Two']} error="Choose at least one option" />
            <NumberInput label="Number" defaultValue={-3} error="Must be 0 or more" />
            <Textarea label="Text area" error="This field is required" />
            <Checkbox label="Checkbox" error="This box must be ticked" />
          </Stack>
        </Section>
        <Section
          title={<T k="page.invalidState.aFormThatChecksItself" />}
          description="Press Create account to see what is wrong; each message goes as you correct its field."
        >
          <form
            noValidate
            onSubmit={form.onSubmit(
              () => setSaved(true),
              () => setSaved(false),
            )}
            onChange={() => setSaved(false)}
          >
            <Stack>
              <TextInput label="Name" required {...form.getInputProps('name')} />
              <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
              <NumberInput label="Age" required allowDecimal={false} {...form.getInputProps('age')} />
              <PasswordInput label="Password" required {...form.getInputProps('password')} />
              <PasswordInput label="Confirm password" required {...form.getInputProps('confirm')} />
              <Select label="Plan" required data={['Basic', 'Plus', 'Business']} {...form.getInputProps('plan')} />
              <Checkbox label="I accept the terms" {...form.getInputProps('terms', { type: 'checkbox' })} />
              <Group justify="space-between">
                <Text c="light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))" size="sm" fw={500} role="status">
                  {saved ? 'All fields are valid.' : ''}
                </Text>
                <Button type="submit">Create account</Button>
              </Group>
            </Stack>
          </form>
        </Section>
      </SimpleGrid>
    </>
  );
}

export { InvalidStatePage as Component };
