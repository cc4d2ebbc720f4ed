import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderPublic } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { InstallGuidePage } from './InstallGuidePage.tsx';

const routes = [{ path: '/404', element: <h1>Not found</h1> }];
const render = (path: string) =>
  renderPublic(<InstallGuidePage />, { route: path, path: '/openid/guide/:platform?/:client', routes });

describe('install guide page', () => {
  it("shows the page at once, then what is the client's own: logo, login picture, service name", async () => {
    let requests = 0;
    server.use(
      http.get('*/assets/guide/demo/config.json', () => {
        requests += 1;
        return HttpResponse.json({ serviceName: 'Demo "Health"' });
      }),
    );
    const { queryClient } = render('/openid/guide/demo');
    expect(screen.getByRole('status', { name: 'Loading the install guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Install the Tend app' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tend' })).toHaveAttribute(
      'src',
      '/assets/images/guide/tend-logo.png',
    );
    expect(await screen.findByRole('img', { name: 'Demo "Health" logo' })).toHaveAttribute(
      'src',
      '/assets/guide/demo/logo.png',
    );
    expect(screen.queryByRole('status', { name: 'Loading the install guide' })).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent('Google Play Store');
    expect(steps[2]).toHaveTextContent('Pick "Demo "Health"" from the list');
    expect(screen.getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', 'tend://open');
    expect(requests).toBe(1);
    expect(queryClient.getQueryState(['guide-config', 'demo'])?.status).toBe('success');
  });

  it('while the configuration loads, shows nothing of the client (the page prerendered for every client)', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get('*/assets/guide/demo/config.json', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ serviceName: 'Demo Health' });
      }),
    );
    const { container } = render('/openid/guide/demo');
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent('Google Play Store');
    expect(container.innerHTML).not.toMatch(/demo/i);
    for (const button of screen.getAllByRole('button', { name: /view the picture larger/ }))
      expect(button).toBeDisabled();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByRole('img', { name: 'Demo Health logo' })).toBeInTheDocument();
  });

  it('opens the viewer at the chosen step, with the caption', async () => {
    server.use(
      http.get('*/assets/guide/demo/config.json', () => HttpResponse.json({ serviceName: 'Demo Health' })),
    );
    const { user } = render('/openid/guide/ios/demo');
    await user.click(await screen.findByRole('button', { name: 'Step 3: view the picture larger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install guide pictures' });
    expect(within(dialog).getByText('Image 3 of 4')).toBeInTheDocument();
    // Hidden (so not yet an accessible image) until it has loaded.
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/assets/images/guide/openid-selection.png');
    expect(dialog).toHaveTextContent('Pick "Demo Health" from the list of organisations.');
  });

  it('sends an unknown client to 404', async () => {
    server.use(
      http.get('*/assets/guide/nobody/config.json', () => new HttpResponse('Not found', { status: 404 })),
    );
    const { location } = render('/openid/guide/android/nobody');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(location().pathname).toBe('/404');
  });

  it('sends a configuration without serviceName to 404', async () => {
    server.use(http.get('*/assets/guide/broken/config.json', () => HttpResponse.json({ name: 'x' })));
    render('/openid/guide/broken');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('says a guide that could not be fetched could not be loaded (not a 404), and Try again loads it', async () => {
    server.use(http.get('*/assets/guide/demo/config.json', () => HttpResponse.error()));
    const { user, location } = render('/openid/guide/ios/demo');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The install guide could not be loaded');
    expect(alert).toHaveTextContent('We could not reach Tend.');
    expect(location().pathname).toBe('/openid/guide/ios/demo');
    server.use(
      http.get('*/assets/guide/demo/config.json', () => HttpResponse.json({ serviceName: 'Demo Health' })),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'Demo Health logo' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the host fails, with Try again', async () => {
    server.use(
      http.get('*/assets/guide/demo/config.json', () => new HttpResponse('Bad gateway', { status: 502 })),
    );
    render('/openid/guide/ios/demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
