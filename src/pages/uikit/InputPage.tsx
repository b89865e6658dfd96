import {
  Autocomplete,
  Checkbox,
  Chip,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  PinInput,
  Radio,
  Rating,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconAt, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { getCountries } from '../../demo/index.ts';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import { T } from '../shared/Words.tsx';

export function InputPage() {
  const countries = useDemo(getCountries);
  const names = countries.status === 'ready' ? countries.data.map((c) => c.name) : [];
  const [volume, setVolume] = useState(40);
  const [rating, setRating] = useState(4);

  return (
    <>
      <PageHeader heading="page.input.title" description={<T k="page.input.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={<T k="page.input.text" />}>
            <Stack>
              <TextInput label="Default" placeholder="Type something" />
              <TextInput label="With icons" placeholder="Search" leftSection={<IconSearch size={16} />} />
              <TextInput label="Email" leftSection={<IconAt size={16} />} type="email" />
              <PasswordInput label="Password" />
              <Textarea label="Comment" autosize minRows={3} />
              <TextInput label="Disabled" disabled value="Not editable" readOnly />
            </Stack>
          </Section>
          <Section title={<T k="page.input.choices" />}>
            <Stack>
              <Autocomplete label="Country (autocomplete)" data={names} placeholder="Start typing a country" limit={8} />
              <Select label="Country (select)" data={names} searchable clearable nothingFoundMessage="No country matches" />
              <MultiSelect label="Countries (several)" data={names} searchable maxValues={5} />
              <TagsInput label="Tags" placeholder="Type and press Enter" defaultValue={['urgent']} />
              <SegmentedControl data={['Day', 'Week', 'Month']} aria-label="Period" />
            </Stack>
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={<T k="page.input.numbersAndDates" />}>
            <Stack>
              <NumberInput label="Quantity" min={1} max={99} defaultValue={2} />
              <NumberInput label="Price" prefix="€" decimalScale={2} thousandSeparator="," defaultValue={1234.5} />
              <DateInput label="Delivery date" placeholder="Pick a date" clearable valueFormat="D MMMM YYYY" />
              <ColorInput label="Colour" defaultValue="#4c6ef5" eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }} />
              <div>
                <Text size="sm" fw={500} id="volume-label">
                  Volume: {volume}
                </Text>
                <Slider
                  value={volume}
                  onChange={setVolume}
                  thumbLabel="Volume"
                  mt="xs"
                  marks={[{ value: 25 }, { value: 50 }, { value: 75 }]}
                />
              </div>
              <div>
                <Text size="sm" fw={500} id="rating-label">
                  Rating: {rating} of 5
                </Text>
                <Rating value={rating} onChange={setRating} aria-labelledby="rating-label" mt={4} />
              </div>
              <div>
                <Text size="sm" fw={500} mb={4}>
                  One-time code
                </Text>
                <PinInput length={6} type="number" aria-label="One-time code" oneTimeCode />
              </div>
            </Stack>
          </Section>
          <Section title={<T k="page.input.switchesAndBoxes" />}>
            <Stack>
              <Checkbox.Group label="Notify me about" defaultValue={['orders']}>
                <Group mt="xs">
                  <Checkbox value="orders" label="Orders" />
                  <Checkbox value="invoices" label="Invoices" />
                  <Checkbox value="news" label="News" />
                </Group>
              </Checkbox.Group>
              <Radio.Group label="Delivery" defaultValue="standard">
                <Group mt="xs">
                  <Radio value="standard" label="Standard" />
                  <Radio value="express" label="Express" />
                  <Radio value="pickup" label="Pick-up" />
                </Group>
              </Radio.Group>
              <Switch label="Remember this device" defaultChecked />
              <Chip.Group multiple defaultValue={['red']}>
                <Group gap="xs" role="group" aria-label="Colours">
                  <Chip value="red">Red</Chip>
                  <Chip value="green">Green</Chip>
                  <Chip value="blue">Blue</Chip>
                </Group>
              </Chip.Group>
            </Stack>
          </Section>
        </Stack>
      </SimpleGrid>
    </>
  );
}

export { InputPage as Component };
