import { ActionIcon } from '@mantine/core';
import {
  IconDownload,
  IconRotate2,
  IconRotateClockwise2,
  IconX,
  IconZoomIn,
  IconZoomOut,
  type TablerIcon,
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
          <Control
            label={labels.zoomIn}
            icon={IconZoomIn}
            disabled={zoom * ZOOM_FACTOR > MAX_ZOOM + 1e-9}
            onClick={() => setZoom((z) => z * ZOOM_FACTOR)}
          />
          <Control
            label={labels.zoomOut}
            icon={IconZoomOut}
            disabled={zoom / ZOOM_FACTOR < MIN_ZOOM - 1e-9}
            onClick={() => setZoom((z) => z / ZOOM_FACTOR)}
          />
        </>
      )}
      {options.showRotate && (
        <>
          <Control
            label={labels.rotateLeft}
            icon={IconRotate2}
            onClick={() => setRotation((r) => r - ROTATION_STEP)}
          />
          <Control
            label={labels.rotateRight}
            icon={IconRotateClockwise2}
            onClick={() => setRotation((r) => r + ROTATION_STEP)}
          />
        </>
      )}
      {options.showDownloadButton && (
        <Control label={labels.download} icon={IconDownload} onClick={onDownload} />
      )}
      <Control label={labels.close} icon={IconX} autofocus onClick={onClose} />
    </div>
  );
}

/** One round button of the bar: its icon, named for screen readers by its label. */
function Control({
  label,
  icon: Icon,
  disabled,
  autofocus,
  onClick,
}: {
  label: string;
  icon: TablerIcon;
  disabled?: boolean;
  /** The button the viewer focuses when it opens. */
  autofocus?: boolean;
  onClick: () => void;
}) {
  return (
    <ActionIcon
      variant="filled"
      color="dark"
      size="lg"
      aria-label={label}
      disabled={disabled}
      data-autofocus={autofocus || undefined}
      onClick={onClick}
    >
      <Icon size={20} aria-hidden="true" />
    </ActionIcon>
  );
}
