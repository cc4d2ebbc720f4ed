import { ActionIcon } from '@mantine/core';
import {
  IconDownload,
  IconRotate2,
  IconRotateClockwise2,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { Dispatch, SetStateAction } from 'react';
import type { LightboxLabels } from './labels.ts';
import { ROTATION_STEP, ZOOM_FACTOR, type LightboxOptions } from './options.ts';

/** Smallest and largest zoom: three steps out, five steps in. */
const MIN_ZOOM = ZOOM_FACTOR ** -3;
const MAX_ZOOM = ZOOM_FACTOR ** 5;

export interface LightboxControlsProps {
  options: LightboxOptions;
  labels: LightboxLabels;
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
  setRotation: Dispatch<SetStateAction<number>>;
  onDownload: () => void;
  onClose: () => void;
}

/** The viewer's buttons under the image: zoom, rotate and download (as the options say), and close. */
export function LightboxControls({
  options,
  labels,
  zoom,
  setZoom,
  setRotation,
  onDownload,
  onClose,
}: LightboxControlsProps) {
  return (
    <div className="tend-lb-controls">
      {options.showZoom && (
        <>
          <ActionIcon
            variant="filled"
            color="dark"
            size="lg"
            aria-label={labels.zoomIn}
            disabled={zoom * ZOOM_FACTOR > MAX_ZOOM + 1e-9}
            onClick={() => setZoom((z) => z * ZOOM_FACTOR)}
          >
            <IconZoomIn size={20} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="filled"
            color="dark"
            size="lg"
            aria-label={labels.zoomOut}
            disabled={zoom / ZOOM_FACTOR < MIN_ZOOM - 1e-9}
            onClick={() => setZoom((z) => z / ZOOM_FACTOR)}
          >
            <IconZoomOut size={20} aria-hidden="true" />
          </ActionIcon>
        </>
      )}
      {options.showRotate && (
        <>
          <ActionIcon
            variant="filled"
            color="dark"
            size="lg"
            aria-label={labels.rotateLeft}
            onClick={() => setRotation((r) => r - ROTATION_STEP)}
          >
            <IconRotate2 size={20} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="filled"
            color="dark"
            size="lg"
            aria-label={labels.rotateRight}
            onClick={() => setRotation((r) => r + ROTATION_STEP)}
          >
            <IconRotateClockwise2 size={20} aria-hidden="true" />
          </ActionIcon>
        </>
      )}
      {options.showDownloadButton && (
        <ActionIcon variant="filled" color="dark" size="lg" aria-label={labels.download} onClick={onDownload}>
          <IconDownload size={20} aria-hidden="true" />
        </ActionIcon>
      )}
      <ActionIcon
        variant="filled"
        color="dark"
        size="lg"
        aria-label={labels.close}
        data-autofocus
        onClick={onClose}
      >
        <IconX size={20} aria-hidden="true" />
      </ActionIcon>
    </div>
  );
}
