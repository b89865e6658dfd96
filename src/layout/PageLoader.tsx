import { Center, Loader } from '@mantine/core';

/** What shows while a page or the shell is on its way. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center h={fullPage ? '100dvh' : '40vh'}>
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
