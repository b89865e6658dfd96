import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../shared/PageHeader.tsx';

/** A blank page to start from; the Hierarchy menu's demo items land here too. */
export function EmptyPage() {
  const [params] = useSearchParams();
  const item = params.get('item');
  return (
    <>
      <PageHeader heading="page.empty.title" />
      <Paper withBorder radius="lg" p="xl">
        {item && /^[\d.]{1,9}$/.test(item) ? (
          <Text>
            You opened <b>Submenu {item}</b> from the Hierarchy menu. Its items show how deep a menu can nest; they all lead here.
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
