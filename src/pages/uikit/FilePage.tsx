import { ActionIcon, Button, Code, FileButton, FileInput, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFile, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import classes from './FilePage.module.css';
import { T } from '../shared/Words.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Chosen {
  id: string;
  file: File;
  /** an object URL for pictures */
  url?: string;
}

export function FilePage() {
  const [single, setSingle] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ file: File; text: string } | null>(null);
  const [files, setFiles] = useState<Chosen[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const [over, setOver] = useState(false);

  // Object URLs hold memory until revoked: on removal, and for what is left when the page closes.
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  }, [files]);
  useEffect(() => () => latest.current.forEach((f) => f.url && URL.revokeObjectURL(f.url)), []);
  const remove = (gone: Chosen[]) => {
    gone.forEach((f) => f.url && URL.revokeObjectURL(f.url));
    setFiles((old) => old.filter((f) => !gone.includes(f)));
  };

  // The first lines of a small text file, shown once read; a preview belongs to the file it was read from.
  useEffect(() => {
    if (single && /^text\/|json$/.test(single.type) && single.size < 200_000) {
      void single.text().then((t) => setPreview({ file: single, text: t.slice(0, 400) }));
    }
  }, [single]);
  const text = preview && preview.file === single ? preview.text : null;

  const add = (incoming: File[]) => {
    const accepted = incoming.filter((f) => f.size <= MAX_BYTES);
    setRejected(incoming.filter((f) => f.size > MAX_BYTES).map((f) => f.name));
    setFiles((old) => [
      ...old,
      ...accepted.map((file) => ({
        id: crypto.randomUUID(),
        file,
        url: file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined,
      })),
    ]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <>
      <PageHeader heading="page.file.title" description={<T k="page.file.lead" />} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={<T k="page.file.oneFile" />}>
          <FileInput
            label="Attachment"
            placeholder="Choose a file"
            leftSection={<IconPaperclip size={16} />}
            value={single}
            onChange={setSingle}
            clearable
          />
          {single && (
            <Text size="sm" c="dimmed" mt="sm">
              {single.name}, {size(single.size)}, {single.type || 'unknown type'}
            </Text>
          )}
          {text !== null && (
            <Code block mt="sm" aria-label="Start of the file">
              {text || '(empty file)'}
            </Code>
          )}
        </Section>
        <Section title={<T k="page.file.severalFiles" />} description={`Up to ${size(MAX_BYTES)} each`}>
          <div
            className={classes.drop}
            data-over={over || undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
          >
            <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
              <IconUpload size={22} />
            </ThemeIcon>
            <Text fw={500}>Drag files here</Text>
            <FileButton onChange={add} multiple>
              {(props) => (
                <Button variant="light" size="xs" {...props}>
                  or choose files
                </Button>
              )}
            </FileButton>
          </div>
          {rejected.length > 0 && (
            <Text size="sm" c="red" mt="sm" role="alert">
              Too large, not added: {rejected.join(', ')}
            </Text>
          )}
          <Stack gap="xs" mt="md">
            {files.map((chosen) => (
              <Paper key={chosen.id} withBorder p="xs" radius="md">
                <Group wrap="nowrap">
                  {chosen.url ? (
                    <img src={chosen.url} alt="" className={classes.preview} />
                  ) : (
                    <ThemeIcon size="3rem" variant="light" color="gray" aria-hidden>
                      <IconFile size={20} />
                    </ThemeIcon>
                  )}
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end">
                      {chosen.file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {size(chosen.file.size)}
                    </Text>
                  </div>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${chosen.file.name}`} onClick={() => remove([chosen])}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
            {files.length > 1 && (
              <Button variant="subtle" color="red" size="xs" onClick={() => remove(files)} w="fit-content">
                Remove all
              </Button>
            )}
          </Stack>
        </Section>
      </SimpleGrid>
    </>
  );
}

export { FilePage as Component };
