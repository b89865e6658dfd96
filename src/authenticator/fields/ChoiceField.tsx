import { Radio, Stack } from '@mantine/core';
import { useAlertLink } from './alertLink.ts';

export interface ChoiceFieldProps {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One choice among a few, as radio buttons: arrow keys move between them, Enter submits the form. */
export function ChoiceField({ label, options, value, error, onChange }: ChoiceFieldProps) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange} error={error} required>
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <ChoiceOption key={option.value} value={option.value} label={option.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function ChoiceOption({ value, label }: { value: string; label: string }) {
  const ref = useAlertLink<HTMLInputElement>();
  return <Radio ref={ref} value={value} label={label} />;
}
