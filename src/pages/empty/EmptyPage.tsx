import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { PageHeader } from '../shared/PageHeader.tsx';
import { T } from '../shared/Words.tsx';

/** A blank page to start from; the Hierarchy menu's demo items land here too. */
export function EmptyPage() {
  const [params] = useSearchParams();
  const item = params.get('item');
  const { t } = useTranslation('app');
  return (
    <>
      <PageHeader heading="page.empty.title" />
      <Paper withBorder radius="lg" p="xl">
        {item && /^[\d.]{1,9}$/.test(item) ? (
          <Text>
            <T k="page.empty.openedBefore" /> <b>{t('shell.menu.submenu', { number: item })}</b> <T k="page.empty.openedAfter" />
          </Text>
        ) : (
          <Text>
            Nothing here yet: this page is the starting point for new content. Add a route in <code>src/app/router.tsx</code> and an entry
            in the menu model, as the{' '}
            <Anchor component={Link} to="/dashboard/documentation#add-a-page" underline="always">
              documentation
            </Anchor>{' '}
            explains.
          </Text>
        )}
      </Paper>
    </>
  );
}

export { EmptyPage as Component };
