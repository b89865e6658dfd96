import { Code, List, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../shared/PageHeader.tsx';
import classes from './DocumentationPage.module.css';
import { T } from '../shared/Words.tsx';

const sections = [
  { id: 'run', title: 'Run it' },
  { id: 'configure', title: 'Configure it' },
  { id: 'test', title: 'Test it' },
  { id: 'structure', title: 'How it is built' },
  { id: 'layout-settings', title: 'Layout settings' },
  { id: 'add-a-page', title: 'Add a page' },
];

function Block({ children }: { children: string }) {
  return (
    <Code block my="sm">
      {children}
    </Code>
  );
}

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Title order={2} size="h3" id={id}>
      {children}
    </Title>
  );
}

export function DocumentationPage() {
  return (
    <>
      <PageHeader heading="page.documentation.title" description={<T k="page.documentation.lead" />} />
      <div className={classes.layout}>
        <Paper withBorder radius="lg" p="xl" className={classes.prose}>
          <Heading id="run">
            <T k="page.documentation.runIt" />
          </Heading>
          <Text>
            You need Node 20.19 or newer. One command starts the local Cognito test pool and the app together, with nothing to configure:
          </Text>
          <Block>{'npm install\nnpm start   # test pool on http://localhost:9229, app on http://localhost:5173'}</Block>
          <Text>
            Open <Code>/dashboard</Code>, create an account, and read the confirmation code in the test pool's mailbox at{' '}
            <Code>http://localhost:9229/_emulator/</Code>. Ctrl-C stops both. <Code>npm run build</Code> and <Code>npm run preview</Code>{' '}
            build and serve the production bundle.
          </Text>

          <Heading id="configure">
            <T k="page.documentation.configureIt" />
          </Heading>
          <Text>
            The app reads its user pool at build time from these variables; a <Code>/config.json</Code> served beside the app overrides them
            at run time. In development, unless <Code>VITE_USER_POOL_ID</Code> is set, the dev server answers <Code>/config.json</Code> from
            the test pool.
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table my="sm" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Variable</Table.Th>
                  <Table.Th>Setting</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[
                  ['VITE_AWS_REGION', 'region (eu-west-1 by default)'],
                  ['VITE_USER_POOL_ID', 'user pool id, such as eu-west-1_AbCdEf123'],
                  ['VITE_USER_POOL_CLIENT_ID', 'public app client id (no secret)'],
                  ['VITE_IDENTITY_POOL_ID', 'identity pool id, when guest or AWS credentials are used'],
                  ['VITE_COGNITO_ENDPOINT', 'a Cognito endpoint override, such as the local test pool'],
                ].map(([name, meaning]) => (
                  <Table.Tr key={name}>
                    <Table.Td>
                      <Code>{name}</Code>
                    </Table.Td>
                    <Table.Td>{meaning}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text>Without a user pool the app shows a configuration error and logs the reason in the browser console.</Text>

          <Heading id="test">
            <T k="page.documentation.testIt" />
          </Heading>
          <Block>
            {
              'npm test            # type check, unit tests, Playwright suite\nnpm run test:unit   # Vitest only\nnpm run test:e2e    # Playwright only'
            }
          </Block>
          <List spacing="xs">
            <List.Item>Unit tests run with Vitest beside the code; the Cognito client's tests talk HTTP to a real test pool.</List.Item>
            <List.Item>
              The Playwright suite starts its own test pool and dev server (ports 9329 and 5273, or <Code>E2E_EMULATOR_PORT</Code> and{' '}
              <Code>E2E_APP_PORT</Code>), so it can run while <Code>npm start</Code> is up.
            </List.Item>
            <List.Item>
              The shell's own specs are <Code>e2e/shell*.spec.ts</Code>: every menu entry, the settings panel, the phone menu and the 404
              redirect.
            </List.Item>
          </List>

          <Heading id="structure">
            <T k="page.documentation.howItIsBuilt" />
          </Heading>
          <List spacing="xs">
            <List.Item>
              <Code>machines/</Code>: the sign-in statechart, pure TypeScript.
            </List.Item>
            <List.Item>
              <Code>src/cognito/</Code>: the Cognito client (SRP, tokens, refresh); <Code>src/authenticator/</Code>: the sign-in screens.
            </List.Item>
            <List.Item>
              <Code>src/layout/</Code>: this shell (top bar, menu, footer, settings panel and their state). It knows nothing of sign-in: the
              Profile action arrives as a prop from <Code>src/app/</Code>.
            </List.Item>
            <List.Item>
              <Code>src/pages/</Code>: one folder per page, each loaded only when opened; <Code>src/demo/</Code>: the services that read the
              demo data in <Code>public/assets/demo/data/</Code>.
            </List.Item>
            <List.Item>
              <Code>emulator/</Code>: the local Cognito test pool.
            </List.Item>
          </List>

          <Heading id="layout-settings">
            <T k="page.documentation.layoutSettings" />
          </Heading>
          <Text>
            The settings panel (the gear at the right edge of the screen) changes the font scale (12 to 16 px), the menu type (static beside
            the page, or overlay above it), the input style (outlined or filled), the ripple effect on buttons, the theme and dark mode.
            They are kept in this browser's local storage and applied before the page first paints, by{' '}
            <Code>src/first-paint/startup/layout-settings.js</Code>.
          </Text>

          <Heading id="add-a-page">
            <T k="page.documentation.addAPage" />
          </Heading>
          <List type="ordered" spacing="xs">
            <List.Item>
              Create <Code>src/pages/&lt;name&gt;/&lt;Name&gt;Page.tsx</Code> that starts with a <Code>PageHeader</Code> (the page's h1) and
              ends with{' '}
              <Code>
                export {'{'} NamePage as Component {'}'}
              </Code>
              .
            </List.Item>
            <List.Item>
              Add its entry to <Code>src/routes/manifest.ts</Code> (path, title, page module, menu section); the router, the menu, its
              highlighting and the sign-in paths pick it up.
            </List.Item>
          </List>
          <Text mt="sm">
            Start from the <Link to="/dashboard/pages/empty">empty page</Link> if you like.
          </Text>
        </Paper>

        <nav aria-label="On this page" className={classes.toc}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
            On this page
          </Text>
          <ul className={classes.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={{ hash: section.id }} className={classes.tocLink}>
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}

export { DocumentationPage as Component };
