import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { ActionIcon, Loader } from '@mantine/core';
import { useFocusTrap, useMediaQuery, useReducedMotion, useViewportSize } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconRotate2,
  IconRotateClockwise2,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { htmlToText, sanitizeHtmlForDom } from '../content/sanitize.ts';
import { CAPTION_PROFILE, sanitizeCaption, validateAlbum, type LightboxAlbumItem } from './album.ts';
import { downloadImage } from './download.ts';
import {
  exceedsResizeThreshold,
  fitImageToViewport,
  normaliseRotation,
  rotatedSize,
  type Size,
} from './fit.ts';
import { keyAction, nextIndex, previousIndex } from './navigation.ts';
import {
  CONTAINER_PADDING,
  DOWNLOAD_QUALITY,
  ROTATION_STEP,
  ZOOM_FACTOR,
  formatAlbumLabel,
  resolveOptions,
  type LightboxOptions,
} from './options.ts';
import './lightbox.css';

/** The viewer's texts; pass translated ones (English defaults). */
export interface LightboxLabels {
  dialog: string;
  close: string;
  previous: string;
  next: string;
  zoomIn: string;
  zoomOut: string;
  rotateLeft: string;
  rotateRight: string;
  download: string;
  loading: string;
  downloadFailed: string;
  imageFailed: string;
}

export const DEFAULT_LIGHTBOX_LABELS: Readonly<LightboxLabels> = Object.freeze({
  dialog: 'Image viewer',
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  rotateLeft: 'Rotate left',
  rotateRight: 'Rotate right',
  download: 'Download image',
  loading: 'Loading image',
  downloadFailed: 'The image could not be downloaded. Please try again.',
  imageFailed: 'The image could not be loaded.',
});

export interface LightboxProps {
  /** The images; validated on open (spec section 8 messages are thrown for bad data). */
  album: LightboxAlbumItem[];
  /** The image shown first. */
  index: number;
  opened: boolean;
  /** Called once the viewer has faded out (after fadeDuration). */
  onClose: () => void;
  /** Told when the shown image changes. */
  onIndexChange?: (index: number) => void;
  options?: Partial<LightboxOptions>;
  labels?: Partial<LightboxLabels>;
}

/** Smallest and largest zoom: three steps out, five steps in. */
const MIN_ZOOM = ZOOM_FACTOR ** -3;
const MAX_ZOOM = ZOOM_FACTOR ** 5;
const INITIAL_SIZE: Size = { width: 250, height: 250 };

/**
 * The image viewer (spec sections 2-4): an overlay with the image, its caption, an optional counter, previous and
 * next arrows, and close, download, rotate and zoom controls. A modal dialog: focus is trapped inside and returns
 * to the opener when it closes.
 */
export function Lightbox(props: LightboxProps) {
  if (!props.opened) return null;
  return <LightboxView {...props} />;
}

function LightboxView({
  album: rawAlbum,
  index,
  onClose,
  onIndexChange,
  options: rawOptions,
  labels: rawLabels,
}: LightboxProps) {
  const album = validateAlbum(rawAlbum, index);
  const options = resolveOptions(rawOptions);
  const labels = { ...DEFAULT_LIGHTBOX_LABELS, ...rawLabels };
  const reducedMotion = useReducedMotion();
  const animate = options.enableTransition && !reducedMotion;
  const fadeMs = animate ? options.fadeDuration * 1000 : 0;
  const resizeMs = animate ? options.resizeDuration * 1000 : 0;

  const [current, setCurrent] = useState(() => Math.min(Math.max(Math.trunc(index), 0), album.length - 1));
  const [shown, setShown] = useState(false);
  const [closing, setClosing] = useState(false);
  const [natural, setNatural] = useState<Size | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [containerSize, setContainerSize] = useState<Size>(INITIAL_SIZE);
  const [downloadError, setDownloadError] = useState(false);
  const viewport = useViewportSize();
  const noHover = useMediaQuery('(hover: none)', false);
  const trapRef = useFocusTrap(!closing);
  // Focus returns to what had it before opening (the thumbnail) once the viewer is gone.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const item = album[current] as LightboxAlbumItem;
  const caption = useMemo(() => sanitizeCaption(item.caption), [item.caption]);
  const alt = useMemo(() => htmlToText(caption), [caption]);
  const captionHtml = useMemo(() => sanitizeHtmlForDom(caption, CAPTION_PROFILE), [caption]);
  const loaded = natural !== null;

  // Fade in on mount.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Scrolling of the page behind (disableScrolling).
  useEffect(() => {
    if (!options.disableScrolling) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [options.disableScrolling]);

  const close = useCallback(() => {
    if (closing) return;
    setClosing(true);
    setShown(false);
    if (fadeMs === 0) onClose();
    else closeTimer.current = setTimeout(onClose, fadeMs);
  }, [closing, fadeMs, onClose]);

  const goTo = useCallback(
    (target: number | null) => {
      if (target === null || target === current) return;
      setCurrent(target);
      setNatural(null);
      setFailed(false);
      setZoom(1);
      setRotation(0);
      setDownloadError(false);
      onIndexChange?.(target);
    },
    [current, onIndexChange],
  );

  const previous = previousIndex(current, album.length, options.wrapAround);
  const next = nextIndex(current, album.length, options.wrapAround);

  // Keys (document-wide while open, as the spec's viewer): Escape, x, o, c close; p, ArrowLeft back; n, ArrowRight on.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const action = keyAction(event.key);
      if (!action) return;
      if (options.disableKeyboardNav && event.key !== 'Escape') return;
      event.preventDefault();
      if (action === 'close') close();
      else if (action === 'previous') goTo(previous);
      else goTo(next);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close, goTo, previous, next, options.disableKeyboardNav]);

  // Preload the neighbours so moving on feels immediate.
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      if (neighbour === null) continue;
      const src = album[neighbour]?.src;
      if (src) new Image().src = src;
    }
  }, [album, previous, next]);

  // The displayed size: natural size (swapped when rotated), fitted to the window, times the zoom.
  const paddingX = CONTAINER_PADDING * 2;
  const paddingY = CONTAINER_PADDING * 2 + options.positionFromTop;
  let display: Size | null = null;
  if (natural) {
    const rotated = rotatedSize(natural, rotation);
    const base = options.fitImageInViewPort
      ? fitImageToViewport({ image: rotated, viewport, paddingX, paddingY })
      : rotated;
    display = { width: Math.round(base.width * zoom), height: Math.round(base.height * zoom) };
  }
  // The container takes a new size only when it changes by more than 5 px (adjusted during render, no flicker).
  if (display && exceedsResizeThreshold(containerSize, display)) setContainerSize(display);

  const quarterTurn = normaliseRotation(rotation) % 180 !== 0;
  const imageStyle: CSSProperties = {
    width: display ? (quarterTurn ? display.height : display.width) : undefined,
    height: display ? (quarterTurn ? display.width : display.height) : undefined,
    transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
    visibility: loaded ? 'visible' : 'hidden',
    opacity: loaded ? 1 : 0,
    transition: `opacity ${fadeMs}ms ease`,
  };
  const containerStyle: CSSProperties = {
    width: containerSize.width,
    height: containerSize.height,
    padding: CONTAINER_PADDING,
    transition: resizeMs ? `width ${resizeMs}ms ease, height ${resizeMs}ms ease` : undefined,
  };
  const outerWidth = containerSize.width + paddingX;
  const numberLabel =
    options.showImageNumberLabel && album.length > 1
      ? formatAlbumLabel(options.albumLabel, current + 1, album.length)
      : '';
  const hideNavIconOnTouch = noHover && !options.alwaysShowNavOnTouchDevices;

  async function onDownload() {
    setDownloadError(false);
    try {
      await downloadImage(item.downloadUrl ?? item.src, DOWNLOAD_QUALITY);
    } catch {
      setDownloadError(true);
    }
  }

  const captionId = `tend-lb-caption-${current}`;
  const overlay = (
    <div
      className="tend-lb-overlay"
      data-testid="lightbox-overlay"
      style={{ opacity: shown ? 1 : 0, transition: `opacity ${fadeMs}ms ease` }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      role="presentation"
    >
      <div
        className="tend-lb-frame"
        data-center={options.centerVertically ? 'true' : 'false'}
        style={{ paddingTop: options.centerVertically ? 0 : options.positionFromTop }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        role="presentation"
      >
        <div
          ref={trapRef}
          className="tend-lb-dialog"
          role="dialog"
          aria-modal="true"
          aria-label={labels.dialog}
          aria-describedby={caption ? captionId : undefined}
          style={{ width: outerWidth }}
        >
          <div className="tend-lb-container" style={containerStyle}>
            <img
              key={item.src}
              className="tend-lb-image"
              src={item.src}
              alt={alt}
              style={imageStyle}
              data-loaded={loaded ? 'true' : 'false'}
              onLoad={(event) => {
                const image = event.currentTarget;
                setNatural({ width: image.naturalWidth || 1, height: image.naturalHeight || 1 });
              }}
              onError={() => setFailed(true)}
            />
            {!loaded && (
              <div className="tend-lb-loader" role="status" aria-live="polite">
                {failed ? (
                  <span style={{ color: '#212529', padding: 8 }}>{labels.imageFailed}</span>
                ) : (
                  <Loader size="md" aria-label={labels.loading} />
                )}
              </div>
            )}
            {previous !== null && (
              <button
                type="button"
                className="tend-lb-nav"
                data-side="previous"
                data-touch-hidden={hideNavIconOnTouch ? 'true' : 'false'}
                aria-label={labels.previous}
                onClick={() => goTo(previous)}
              >
                <span className="tend-lb-nav-icon" aria-hidden="true">
                  <IconChevronLeft size={28} />
                </span>
              </button>
            )}
            {next !== null && (
              <button
                type="button"
                className="tend-lb-nav"
                data-side="next"
                data-touch-hidden={hideNavIconOnTouch ? 'true' : 'false'}
                aria-label={labels.next}
                onClick={() => goTo(next)}
              >
                <span className="tend-lb-nav-icon" aria-hidden="true">
                  <IconChevronRight size={28} />
                </span>
              </button>
            )}
          </div>
          <div className="tend-lb-data" style={{ width: outerWidth }}>
            <div className="tend-lb-text">
              {caption && (
                // Sanitised with DOMPurify above; captions may hold entities such as &quot;.
                <div
                  id={captionId}
                  className="tend-lb-caption"
                  dangerouslySetInnerHTML={{ __html: captionHtml }}
                />
              )}
              {numberLabel && <div className="tend-lb-number">{numberLabel}</div>}
              {downloadError && (
                <div className="tend-lb-error" role="alert">
                  {labels.downloadFailed}
                </div>
              )}
            </div>
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
                <ActionIcon
                  variant="filled"
                  color="dark"
                  size="lg"
                  aria-label={labels.download}
                  onClick={() => void onDownload()}
                >
                  <IconDownload size={20} aria-hidden="true" />
                </ActionIcon>
              )}
              <ActionIcon
                variant="filled"
                color="dark"
                size="lg"
                aria-label={labels.close}
                data-autofocus
                onClick={close}
              >
                <IconX size={20} aria-hidden="true" />
              </ActionIcon>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
  return createPortal(overlay, document.body);
}
