import { Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { isInRange, isNotEmpty, useForm } from '@mantine/form';
import type { Product } from '../../demo/index.ts';
import { FormActions } from '../shared/TableParts.tsx';
import { CATEGORIES } from './categories.ts';

export interface ProductDraft {
  name: string;
  description: string;
  category: string;
  price: number | string;
  quantity: number | string;
}

interface ProductDialogProps {
  /** the product being edited, or null for a new one */
  product: Product | null;
  opened: boolean;
  onClose: () => void;
  onSave: (draft: { name: string; description: string; category: string; price: number; quantity: number }) => void;
}

/** The new/edit product form: name, description, category, price and quantity, checked before saving. */
export function ProductDialog({ product, opened, onClose, onSave }: ProductDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit product' : 'New product'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted afresh for each product, so the form starts from its values. */}
      {opened && <ProductForm key={product?.id ?? 'new'} product={product} onCancel={onClose} onSave={onSave} />}
    </Modal>
  );
}

function ProductForm({
  product,
  onCancel,
  onSave,
}: {
  product: Product | null;
  onCancel: () => void;
  onSave: ProductDialogProps['onSave'];
}) {
  const form = useForm<ProductDraft>({
    mode: 'controlled',
    initialValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      category: product?.category ?? '',
      price: product?.price ?? '',
      quantity: product?.quantity ?? 0,
    },
    validate: {
      name: (value) => (value.trim() ? (value.trim().length > 60 ? 'Name must be 60 characters or fewer' : null) : 'Name is required'),
      description: (value) => (value.length > 300 ? 'Description must be 300 characters or fewer' : null),
      category: isNotEmpty('Choose a category'),
      price: (value) => (typeof value === 'number' && value > 0 ? null : 'Price must be greater than 0'),
      quantity: isInRange({ min: 0, max: 100_000 }, 'Quantity must be between 0 and 100,000'),
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSave({
          name: values.name.trim(),
          description: values.description.trim(),
          category: values.category,
          price: Number(values.price),
          quantity: Number(values.quantity),
        }),
      )}
    >
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={3} maxRows={6} {...form.getInputProps('description')} />
        <Radio.Group label="Category" required {...form.getInputProps('category')}>
          <Group mt="xs">
            {CATEGORIES.map((category) => (
              <Radio key={category} value={category} label={category} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput label="Price" required prefix="€" decimalScale={2} min={0} thousandSeparator="," {...form.getInputProps('price')} />
          <NumberInput label="Quantity" required allowDecimal={false} min={0} {...form.getInputProps('quantity')} />
        </SimpleGrid>
        <FormActions onCancel={onCancel} />
      </Stack>
    </form>
  );
}
