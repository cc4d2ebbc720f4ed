// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { installDomPolyfills } from '../test/polyfills.ts';
import { Lightbox } from './Lightbox.tsx';
import type { LightboxAlbumItem } from './album.ts';
import type { LightboxOptions } from './options.ts';

// jsdom has no matchMedia; Mantine's hooks read it.
beforeAll(installDomPolyfills);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const album: LightboxAlbumItem[] = [
  { src: '/one.png', caption: 'First &quot;step&quot;' },
  { src: '/two.png', caption: 'Second <script>alert(1)</script>step' },
  { src: '/three.png', caption: 'Third step', downloadUrl: '/three-full.png' },
];

function Harness({
  options,
  start = 0,
  onClose,
}: {
  options?: Partial<LightboxOptions>;
  start?: number;
  onClose?: () => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Open viewer
      </button>
      <Lightbox
        album={album}
        index={start}
        opened={opened}
        options={{ enableTransition: false, ...options }}
        onClose={() => {
          setOpened(false);
          onClose?.();
        }}
      />
    </MantineProvider>
  );
}

async function openViewer(options?: Partial<LightboxOptions>, start = 0) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  render(<Harness options={options} start={start} onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Open viewer' }));
  return { user, onClose };
}

function currentImage(): HTMLImageElement {
  return screen.getByRole('dialog').querySelector('img') as HTMLImageElement;
}

function loadImage(width: number, height: number) {
  const image = currentImage();
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(image);
  return image;
}

describe('Lightbox', () => {
  it('opens as a labelled modal dialog with the sanitised caption, focused on Close', async () => {
    await openViewer();
    const dialog = screen.getByRole('dialog', { name: 'Image viewer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('First "step"');
    expect(currentImage()).toHaveAttribute('src', '/one.png');
    expect(currentImage()).toHaveAttribute('alt', 'First "step"');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('hides the image while it loads and shows it once loaded', async () => {
    await openViewer();
    expect(currentImage()).toHaveStyle({ visibility: 'hidden' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    loadImage(400, 300);
    expect(currentImage()).toHaveStyle({ visibility: 'visible', width: '400px', height: '300px' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('fits a large image to the window minus paddings and margins', async () => {
    window.innerWidth = 1000;
    window.innerHeight = 800;
    await openViewer();
    // paddings: 8 px horizontally; 8 px + positionFromTop 20 vertically. Height limit 800 - 28 - 120 = 652.
    loadImage(1000, 2000);
    expect(currentImage()).toHaveStyle({ width: '326px', height: '652px' });
  });

  it('sanitises captions', async () => {
    const { user } = await openViewer();
    await user.keyboard('n');
    expect(screen.getByRole('dialog')).toHaveTextContent('Second step');
    expect(screen.getByRole('dialog').querySelector('script')).toBeNull();
  });

  it.each(['{Escape}', 'x', 'o', 'c', 'X'])('closes with %s and returns focus to the opener', async (key) => {
    const { user, onClose } = await openViewer();
    await user.keyboard(key);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open viewer' })).toHaveFocus();
  });

  it('moves with n, ArrowRight, p and ArrowLeft', async () => {
    const { user } = await openViewer();
    await user.keyboard('n');
    expect(currentImage()).toHaveAttribute('src', '/two.png');
    await user.keyboard('{ArrowRight}');
    expect(currentImage()).toHaveAttribute('src', '/three.png');
    await user.keyboard('p');
    expect(currentImage()).toHaveAttribute('src', '/two.png');
    await user.keyboard('{ArrowLeft}');
    expect(currentImage()).toHaveAttribute('src', '/one.png');
  });

  it('hides the arrows at the ends without wrap-around and stays put', async () => {
    const { user } = await openViewer();
    expect(screen.queryByRole('button', { name: 'Previous image' })).not.toBeInTheDocument();
    await user.keyboard('p');
    expect(currentImage()).toHaveAttribute('src', '/one.png');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(currentImage()).toHaveAttribute('src', '/three.png');
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    await user.keyboard('n');
    expect(currentImage()).toHaveAttribute('src', '/three.png');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(currentImage()).toHaveAttribute('src', '/two.png');
  });

  it('wraps around when asked', async () => {
    const { user } = await openViewer({ wrapAround: true });
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(currentImage()).toHaveAttribute('src', '/three.png');
    await user.keyboard('n');
    expect(currentImage()).toHaveAttribute('src', '/one.png');
  });

  it('ignores letters with modifiers and all but Escape when keyboard navigation is off', async () => {
    const { user, onClose } = await openViewer({ disableKeyboardNav: true });
    await user.keyboard('n');
    await user.keyboard('x');
    expect(currentImage()).toHaveAttribute('src', '/one.png');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on Ctrl+C (copying)', async () => {
    const { user, onClose } = await openViewer();
    await user.keyboard('{Control>}c{/Control}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a click on the overlay but not on the image', async () => {
    const { user, onClose } = await openViewer();
    await user.click(currentImage());
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('lightbox-overlay'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the Close button', async () => {
    const { user, onClose } = await openViewer();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the counter only when asked', async () => {
    await openViewer({ showImageNumberLabel: true, albumLabel: 'Image %1 of %2' }, 1);
    expect(screen.getByText('Image 2 of 3')).toBeInTheDocument();
    cleanup();
    await openViewer();
    expect(screen.queryByText(/Image \d of \d/)).not.toBeInTheDocument();
  });

  it('hides zoom, rotate and download by default', async () => {
    await openViewer();
    for (const name of ['Zoom in', 'Zoom out', 'Rotate left', 'Rotate right', 'Download image']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('zooms by 1.5 and rotates by 90 degrees', async () => {
    const { user } = await openViewer({ showZoom: true, showRotate: true });
    loadImage(400, 200);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(currentImage()).toHaveStyle({ width: '600px', height: '300px' });
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(currentImage()).toHaveStyle({ width: '400px', height: '200px' });
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(currentImage().style.transform).toContain('rotate(90deg)');
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(currentImage().style.transform).toContain('rotate(-90deg)');
  });

  it('resizes the container only when the size changes by more than 5 px', async () => {
    const { user } = await openViewer({ showZoom: true });
    loadImage(400, 300);
    const container = currentImage().parentElement as HTMLElement;
    expect(container).toHaveStyle({ width: '400px', height: '300px' });
    await user.keyboard('n');
    loadImage(404, 297);
    expect(container).toHaveStyle({ width: '400px', height: '300px' });
    await user.keyboard('n');
    loadImage(410, 300);
    expect(container).toHaveStyle({ width: '410px', height: '300px' });
  });

  it('downloads the image re-encoded as JPEG at quality 0.75', async () => {
    const toBlob = vi.fn((callback: BlobCallback) => callback(new Blob(['x'], { type: 'image/jpeg' })));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      fillRect: vi.fn(),
      drawImage: vi.fn(),
      fillStyle: '',
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(
      toBlob as unknown as HTMLCanvasElement['toBlob'],
    );
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const sources: string[] = [];
    const RealImage = window.Image;
    vi.stubGlobal(
      'Image',
      class extends RealImage {
        constructor() {
          super();
          queueMicrotask(() => {
            sources.push(this.src);
            this.onload?.(new Event('load'));
          });
        }
      },
    );
    const { user } = await openViewer({ showDownloadButton: true }, 2);
    await user.click(screen.getByRole('button', { name: 'Download image' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sources.some((s) => s.endsWith('/three-full.png'))).toBe(true);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.75);
    expect(clicked).toEqual(['three-full.jpg blob:image']);
  });

  it('fades out over fadeDuration before it is removed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onClose = vi.fn();
    render(<Harness options={{ enableTransition: true }} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open viewer' }));
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('lightbox-overlay')).toHaveStyle({ opacity: '0' });
    act(() => {
      vi.advanceTimersByTime(650);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('throws the spec message for a bad album', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <MantineProvider>
          <Lightbox album={[{ src: '' }]} index={0} opened onClose={() => undefined} />
        </MantineProvider>,
      ),
    ).toThrow('One of the album data does not have source data');
  });
});
