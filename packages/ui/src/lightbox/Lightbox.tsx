import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap, useMediaQuery, useReducedMotion, useViewportSize } from '@mantine/hooks';
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
import { DEFAULT_LIGHTBOX_LABELS, type LightboxLabels } from './labels.ts';
import { LightboxControls } from './LightboxControls.tsx';
import { LightboxStage } from './LightboxStage.tsx';
import { nextIndex, previousIndex } from './navigation.ts';
import {
  CONTAINER_PADDING,
  DOWNLOAD_QUALITY,
  formatAlbumLabel,
  resolveOptions,
  type LightboxOptions,
} from './options.ts';
import { useAlbumNavigation } from './useAlbumNavigation.ts';
import './lightbox.css';

export { DEFAULT_LIGHTBOX_LABELS, type LightboxLabels } from './labels.ts';

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

const INITIAL_SIZE: Size = { width: 250, height: 250 };

/**
 * The image viewer (spec sections 2-4): an overlay with the image, its caption, an optional counter, previous and
 * next arrows, and close, download, rotate and zoom controls. A modal dialog: focus is trapped inside and returns
 * to the opener when it closes. Its parts: the image with its arrows (LightboxStage), the buttons
 * (LightboxControls), the keys and preloading (useAlbumNavigation), the texts (labels.ts).
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

  useAlbumNavigation({
    album,
    previous,
    next,
    goTo,
    close,
    disableKeyboardNav: options.disableKeyboardNav,
  });

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
          <LightboxStage
            item={item}
            alt={alt}
            labels={labels}
            containerStyle={containerStyle}
            imageStyle={imageStyle}
            loaded={loaded}
            failed={failed}
            previous={previous}
            next={next}
            hideNavIconOnTouch={hideNavIconOnTouch}
            goTo={goTo}
            onLoaded={setNatural}
            onFailed={() => setFailed(true)}
          />
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
            <LightboxControls
              options={options}
              labels={labels}
              zoom={zoom}
              setZoom={setZoom}
              setRotation={setRotation}
              onDownload={() => void onDownload()}
              onClose={close}
            />
          </div>
        </div>
      </div>
    </div>
  );
  return createPortal(overlay, document.body);
}
