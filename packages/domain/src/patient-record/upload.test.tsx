import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toProblem } from '@tend/core';
import { renderWithProviders } from '@tend/ui/test-utils';
import { useUploadFile } from './queries.ts';

const server = setupServer(
  http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Upload({ file }: { file: File }) {
  const upload = useUploadFile('p1');
  return (
    <div>
      <button onClick={() => upload.mutate(file)}>upload</button>
      <p>
        {upload.isSuccess
          ? `uploaded ${upload.data.momentId}`
          : upload.error
            ? `failed ${toProblem(upload.error).code}`
            : 'idle'}
      </p>
    </div>
  );
}

const policy = {
  uploadUrl: 'http://localhost:8080/uploads/tok',
  method: 'PUT',
  headers: { 'Content-Type': 'text/plain' },
  expiresAt: '2026-11-23T10:00:00Z',
  maxBytes: 20 * 1024 * 1024,
  momentId: 'm1',
};

describe('useUploadFile', () => {
  it('asks for the signed target, then sends the bytes there as the policy says', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/patients/p1/moments/file-upload-policy', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json(policy);
      }),
      http.put('*/uploads/tok', async ({ request }) => {
        seen.push(`${request.headers.get('content-type')} ${await request.text()}`);
        return HttpResponse.json(
          {
            momentId: 'm1',
            patientId: 'p1',
            eventType: 'file',
            start: 1,
            end: 1,
            body: { fileName: 'a.txt', contentType: 'text/plain', size: 5, downloadUrl: 'http://x' },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(
      <Upload file={new File(['hello'], 'a.txt', { type: 'text/plain' })} />,
    );
    await user.click(screen.getByRole('button', { name: 'upload' }));
    expect(await screen.findByText('uploaded m1')).toBeInTheDocument();
    expect(seen).toEqual(['?type=text%2Fplain&fileName=a.txt', 'text/plain hello']);
  });

  it('answers the upload route’s refusal in the contract’s words, and refuses what cannot go before sending', async () => {
    server.use(
      http.get('*/patients/p1/moments/file-upload-policy', () => HttpResponse.json(policy)),
      http.put('*/uploads/tok', () =>
        HttpResponse.json({ code: 'upload_expired', message: 'expired' }, { status: 410 }),
      ),
    );
    const { user, unmount } = renderWithProviders(
      <Upload file={new File(['hello'], 'a.txt', { type: 'text/plain' })} />,
    );
    await user.click(screen.getByRole('button', { name: 'upload' }));
    expect(await screen.findByText('failed upload_expired')).toBeInTheDocument();
    unmount();
    // An SVG never reaches the server (no handler: it would fail the test).
    const svg = renderWithProviders(
      <Upload file={new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })} />,
    );
    await svg.user.click(screen.getByRole('button', { name: 'upload' }));
    expect(await screen.findByText('failed invalid_request')).toBeInTheDocument();
  });
});
