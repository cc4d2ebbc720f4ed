import { act } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mountApp, routerReady } from './takeOver.tsx';

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
    let root: ReturnType<typeof mountApp> | undefined;
    await act(async () => {
      root = mountApp(<RouterProvider router={router} />, container);
    });
    expect(container.innerHTML).toBe('<h1>Sign up</h1>');
    expect(container.hasAttribute('inert')).toBe(false);
    expect(container.hasAttribute('data-prerendered')).toBe(false);
    act(() => root?.unmount());
  });
});
