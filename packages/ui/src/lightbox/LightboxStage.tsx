import { Loader } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, type TablerIcon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { LightboxAlbumItem } from './album.ts';
import type { Size } from './fit.ts';
import type { LightboxLabels } from './labels.ts';

export interface LightboxStageProps {
  item: LightboxAlbumItem;
  alt: string;
  labels: LightboxLabels;
  containerStyle: CSSProperties;
  imageStyle: CSSProperties;
  loaded: boolean;
  failed: boolean;
  /** The neighbours' indexes (null: no arrow). */
  previous: number | null;
  next: number | null;
  /** The arrows' icons are hidden on touch screens (the arrows stay, as wide tap areas). */
  hideNavIconOnTouch: boolean;
  goTo: (index: number | null) => void;
  onLoaded: (natural: Size) => void;
  onFailed: () => void;
}

/** The image in its sized container: the image, its loader or failure, and the previous and next arrows. */
export function LightboxStage({
  item,
  alt,
  labels,
  containerStyle,
  imageStyle,
  loaded,
  failed,
  previous,
  next,
  hideNavIconOnTouch,
  goTo,
  onLoaded,
  onFailed,
}: LightboxStageProps) {
  return (
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
          onLoaded({ width: image.naturalWidth || 1, height: image.naturalHeight || 1 });
        }}
        onError={onFailed}
      />
      {!loaded && (
        <div className="tend-lb-loader" role="status" aria-live="polite">
          {failed ? (
            <span style={{ color: '#212529', padding: 8 }}>{labels.imageFailed}</span>
          ) : (
            <Loader size="md" role="progressbar" aria-label={labels.loading} />
          )}
        </div>
      )}
      {NAV_SIDES.map(({ side, icon }) => {
        const target = side === 'previous' ? previous : next;
        return target === null ? null : (
          <NavButton
            key={side}
            side={side}
            label={labels[side]}
            icon={icon}
            hideIconOnTouch={hideNavIconOnTouch}
            onClick={() => goTo(target)}
          />
        );
      })}
    </div>
  );
}

/** The two arrows, in the order they are in the page: the same button on either side. */
const NAV_SIDES = [
  { side: 'previous', icon: IconChevronLeft },
  { side: 'next', icon: IconChevronRight },
] as const;

/** An arrow to the previous or next image: a wide tap area on its side of the stage. */
function NavButton({
  side,
  label,
  icon: Icon,
  hideIconOnTouch,
  onClick,
}: {
  side: 'previous' | 'next';
  label: string;
  icon: TablerIcon;
  hideIconOnTouch: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="tend-lb-nav"
      data-side={side}
      data-touch-hidden={hideIconOnTouch ? 'true' : 'false'}
      aria-label={label}
      onClick={onClick}
    >
      <span className="tend-lb-nav-icon" aria-hidden="true">
        <Icon size={28} />
      </span>
    </button>
  );
}
