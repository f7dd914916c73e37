import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's code loads. */
export function AppLoader() {
  return (
    <Center mih="100vh" aria-busy="true">
      <Loader color="green" size="md" />
    </Center>
  );
}
