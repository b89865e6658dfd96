import { ActionIcon, AspectRatio, Group, Image, NumberFormatter, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { getPhotos, getProductsSmall, productImageUrl, type Photo, type Product } from '../../demo/index.ts';
import { StockBadge } from '../crud/StockBadge.tsx';
import { DemoContent } from '../shared/DemoContent.tsx';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Section } from '../shared/Section.tsx';
import { useDemo } from '../shared/useDemo.ts';
import classes from './MediaPage.module.css';
import { T } from '../shared/Words.tsx';

export function MediaPage() {
  const photos = useDemo(getPhotos);
  const products = useDemo(getProductsSmall);
  return (
    <>
      <PageHeader heading="page.media.title" description={<T k="page.media.lead" />} />
      <Stack gap="lg">
        <Section title={<T k="page.media.productCarousel" />}>
          <DemoContent state={products}>{(list) => <Carousel products={list} />}</DemoContent>
        </Section>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Section title={<T k="page.media.gallery" />} description="Use the arrow keys or the thumbnails">
            <DemoContent state={photos}>{(list) => <Gallery photos={list} />}</DemoContent>
          </Section>
          <Section title={<T k="page.media.imageAndAspectRatio" />}>
            <Stack>
              <AspectRatio ratio={16 / 9}>
                <Image src="/assets/demo/images/photos/photo-04.svg" alt="Illustration: glacier lake" radius="md" />
              </AspectRatio>
              <SimpleGrid cols={3}>
                {(['cover', 'contain', 'fill'] as const).map((fit) => (
                  <div key={fit}>
                    <Image
                      src="/assets/demo/images/photos/photo-07.svg"
                      alt={`Lavender fields, fit ${fit}`}
                      h={90}
                      fit={fit}
                      radius="sm"
                      bg="var(--mantine-color-default-hover)"
                    />
                    <Text size="xs" c="dimmed" ta="center" mt={4}>
                      {fit}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          </Section>
        </SimpleGrid>
      </Stack>
    </>
  );
}

function Gallery({ photos }: { photos: Photo[] }) {
  const [index, setIndex] = useState(0);
  const go = (to: number) => setIndex((to + photos.length) % photos.length);
  const photo = photos[index]!;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    if (event.key === 'ArrowLeft') go(index - 1);
  };
  return (
    // One tab stop that takes the arrow keys, as a carousel does; the buttons below do the same for the pointer.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-roledescription="gallery" aria-label="Photo gallery" tabIndex={0} onKeyDown={onKeyDown}>
      <div className={classes.stage}>
        <img src={photo.itemImageSrc} alt={photo.alt} className={classes.stageImage} />
        <div className={classes.caption} aria-live="polite">
          <Text fw={600}>{photo.title}</Text>
          <Text size="xs">
            {index + 1} of {photos.length}
          </Text>
        </div>
        <ActionIcon
          className={classes.nav}
          style={{ left: 8 }}
          variant="white"
          radius="xl"
          aria-label="Previous photo"
          onClick={() => go(index - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <ActionIcon
          className={classes.nav}
          style={{ right: 8 }}
          variant="white"
          radius="xl"
          aria-label="Next photo"
          onClick={() => go(index + 1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </div>
      <div className={classes.thumbs}>
        {photos.map((p, i) => (
          <UnstyledButton
            key={p.thumbnailImageSrc}
            className={classes.thumb}
            aria-current={i === index}
            aria-label={`Show ${p.title}`}
            onClick={() => setIndex(i)}
          >
            <img src={p.thumbnailImageSrc} alt="" />
          </UnstyledButton>
        ))}
      </div>
    </div>
  );
}

function Carousel({ products }: { products: Product[] }) {
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8 });
  return (
    <>
      <Group justify="flex-end" gap="xs" mb="sm">
        <ActionIcon variant="default" radius="xl" aria-label="Scroll products back" onClick={() => scroll(-1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon variant="default" radius="xl" aria-label="Scroll products forward" onClick={() => scroll(1)}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      {/* Focusable, so the track can be scrolled from the keyboard too (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={classes.carousel} ref={track} role="list" aria-label="Products" tabIndex={0}>
        {products.map((p) => (
          <Paper key={p.id} withBorder radius="md" p="md" role="listitem">
            <img src={productImageUrl(p)} alt="" className={classes.productImage} />
            <Text fw={600} mt="sm" lineClamp={1}>
              {p.name}
            </Text>
            <Group justify="space-between" mt={4}>
              <Text fw={700}>
                <NumberFormatter value={p.price} prefix="€" decimalScale={2} fixedDecimalScale />
              </Text>
              <StockBadge status={p.inventoryStatus} />
            </Group>
          </Paper>
        ))}
      </div>
    </>
  );
}

export { MediaPage as Component };
