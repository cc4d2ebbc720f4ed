import { act } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadDeferredStylesheets, mountApp, routerReady } from './takeOver.tsx';

describe('routerReady', () => {
  it('waits for the lazy route of the location, then the page renders at once', async () => {
    let release: () => void = () => {};
    const router = createMemoryRouter(
      [
        {
          path: '/',
          lazy: async () => {
            await new Promise<void>((resolve) => (release = resolve));
            return { Component: () => <h1>Sign up</h1> };
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    let ready = false;
    const waiting = routerReady(router).then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    release();
    await waiting;
    expect(ready).toBe(true);

    const container = document.createElement('div');
    container.setAttribute('inert', '');
    container.setAttribute('data-prerendered', '/');
    container.innerHTML = '<h1>Sign up</h1>';
    let root: Awaited<ReturnType<typeof mountApp>> | undefined;
    await act(async () => {
      root = await mountApp(<RouterProvider router={router} />, container);
    });
    expect(container.innerHTML).toBe('<h1>Sign up</h1>');
    expect(container.hasAttribute('inert')).toBe(false);
    expect(container.hasAttribute('data-prerendered')).toBe(false);
    act(() => root?.unmount());
  });
});

describe('loadDeferredStylesheets', () => {
  it('switches the deferred stylesheets on and resolves once they have loaded', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/index-1.css';
    link.media = 'print';
    link.setAttribute('data-tend-deferred', '');
    document.head.appendChild(link);
    let done = false;
    const loading = loadDeferredStylesheets().then(() => (done = true));
    expect(link.media).toBe('all');
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await loading;
    expect(link.hasAttribute('data-tend-deferred')).toBe(false);
    link.remove();
  });
});
