import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraProblem, frameReader, openCamera, stopCamera, type CameraProblem } from './scanner.ts';

/** How often a frame is read (a phone's CPU is shared with the video). */
const FRAME_MS = 150;

interface CameraScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The text of the first barcode read; the dialog has stopped the camera by then. */
  onDetected: (text: string) => void;
}

/**
 * The camera's picture, read frame by frame until a barcode is found. The camera's tracks stop when a code is read,
 * when the dialog closes, and when it unmounts. A refused permission or a missing camera says so.
 */
export default function CameraScanDialog({ opened, onClose, onDetected }: CameraScanDialogProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const detected = useRef(onDetected);
  detected.current = onDetected;
  const [state, setState] = useState<'starting' | 'scanning' | CameraProblem>('starting');
  const [engine, setEngine] = useState<string>('');

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The video element is mounted by the modal's transition, after this effect starts.
    let element: HTMLVideoElement | null = null;
    setState('starting');
    void (async () => {
      try {
        stream = await openCamera();
        for (let frame = 0; !stopped && !video.current && frame < 120; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
        const shown = video.current;
        if (stopped || !shown) return stopCamera(stream);
        element = shown;
        shown.srcObject = stream;
        await shown.play().catch(() => undefined);
        const reader = await frameReader();
        if (stopped) return;
        setEngine(reader.engine);
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          const text = await reader.read(shown, canvas.current!).catch(() => null);
          if (stopped) return;
          if (text) {
            stopped = true;
            stopCamera(stream);
            detected.current(text);
            return;
          }
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (error) {
        stopCamera(stream);
        if (!stopped) setState(cameraProblem(error));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
      if (element) element.srcObject = null;
    };
  }, [opened]);

  const problem = state === 'denied' || state === 'noCamera' || state === 'failed';
  return (
    <Modal opened={opened} onClose={onClose} title={t('scanner.title')} size="md" data-testid="camera-scan-dialog">
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" variant="light" role="alert" data-testid="camera-scan-problem">
            {t(`scanner.${state}`)}
          </Alert>
        ) : (
          <>
            <Box pos="relative" style={{ borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-dark-7)', aspectRatio: '4 / 3' }}>
              <video ref={video} muted playsInline aria-label={t('scanner.video')} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} data-testid="camera-scan-video" />
            </Box>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="camera-scan-status" data-engine={engine}>
              {state === 'scanning' ? t('scanner.aim') : t('scanner.starting')}
            </Text>
          </>
        )}
        <canvas ref={canvas} hidden />
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose} data-testid="camera-scan-close">
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
