import { Button, type ButtonProps } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MountOnFirstOpen } from '../MountOnFirstOpen.tsx';

// The dialog (and, from it, the WebAssembly reader) loads when the scanner first opens.
const CameraScanDialog = lazy(() => import('./CameraScanDialog.tsx'));

interface ScanButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The decoded text, as a USB scanner would have typed it. */
  onScan: (text: string) => void;
  testId?: string;
}

/** "Scan with camera": opens the camera dialog; a code read is handed to `onScan` and the dialog closes. */
export function ScanButton({ onScan, testId = 'scan-camera', ...props }: ScanButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" mih={44} leftSection={<IconCamera size={18} aria-hidden />} onClick={() => setOpened(true)} data-testid={testId} {...props}>
        {t('scanner.open')}
      </Button>
      <MountOnFirstOpen opened={opened}>
        {(open) => (
          <Suspense fallback={null}>
            <CameraScanDialog
              opened={open}
              onClose={() => setOpened(false)}
              onDetected={(text) => {
                setOpened(false);
                onScan(text);
              }}
            />
          </Suspense>
        )}
      </MountOnFirstOpen>
    </>
  );
}
