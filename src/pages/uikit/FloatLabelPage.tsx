import { PasswordInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type ComponentType } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import classes from './FloatLabel.module.css';
import { T } from '../shared/Words.tsx';

interface FloatingProps {
  label: string;
  component?: ComponentType<Record<string, unknown>>;
  type?: string;
  autoComplete?: string;
  textarea?: boolean;
}

/** A Mantine input whose label floats: in the field while it is empty and idle, above it otherwise. */
function FloatingField({
  label,
  component: Input = TextInput as ComponentType<Record<string, unknown>>,
  textarea,
  ...rest
}: FloatingProps) {
  const [focused, setFocused] = useState(false);
  const [value, setValue] = useState('');
  const floating = focused || value.length > 0 || undefined;
  return (
    <Input
      label={label}
      classNames={{ root: classes.root, label: `${classes.label} ${textarea ? classes.textareaLabel : ''}` }}
      labelProps={{ 'data-floating': floating }}
      value={value}
      onChange={(event: { currentTarget: { value: string } }) => setValue(event.currentTarget.value)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      {...rest}
    />
  );
}

export function FloatLabelPage() {
  return (
    <>
      <PageHeader heading="page.floatLabel.title" description={<T k="page.floatLabel.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={<T k="page.floatLabel.account" />}>
          <Stack>
            <FloatingField label="Username" autoComplete="username" />
            <FloatingField label="Email" type="email" autoComplete="email" />
            <FloatingField
              label="Password"
              component={PasswordInput as ComponentType<Record<string, unknown>>}
              autoComplete="new-password"
            />
          </Stack>
        </Section>
        <Section title={<T k="page.floatLabel.message" />}>
          <Stack>
            <FloatingField label="Subject" />
            <FloatingField label="Your message" component={Textarea as ComponentType<Record<string, unknown>>} textarea />
          </Stack>
        </Section>
      </SimpleGrid>
    </>
  );
}

export { FloatLabelPage as Component };
