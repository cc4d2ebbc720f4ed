import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@tend/api/http';
import { sendToSignedTarget } from './signedUpload.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const target = {
  uploadUrl: 'http://api.test/uploads/token',
  method: 'PUT',
  headers: { 'Content-Type': 'text/plain' },
  maxBytes: 10,
};
const options = { operationId: 'getFileUploadPolicy' };

describe('sendToSignedTarget', () => {
  it('sends the bytes as the target says and answers the server’s JSON', async () => {
    let got: { method: string; type: string | null; body: string } | undefined;
    server.use(
      http.put('http://api.test/uploads/token', async ({ request }) => {
        got = {
          method: request.method,
          type: request.headers.get('content-type'),
          body: await request.text(),
        };
        return HttpResponse.json({ momentId: 'm1' }, { status: 201 });
      }),
    );
    const answer = await sendToSignedTarget<{ momentId: string }>(target, new Blob(['hello']), options);
    expect(answer).toEqual({ momentId: 'm1' });
    expect(got).toEqual({ method: 'PUT', type: 'text/plain', body: 'hello' });
  });

  it('refuses a file over the limit before sending anything', async () => {
    const error = await sendToSignedTarget(target, new Blob(['more than ten bytes']), options).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('keeps the server’s code and details of a refusal, and calls no answer a network problem', async () => {
    server.use(
      http.put('http://api.test/uploads/token', () =>
        HttpResponse.json(
          { code: 'unsupported_media_type', message: 'No', details: { a: 1 } },
          { status: 415 },
        ),
      ),
    );
    expect(await sendToSignedTarget(target, new Blob(['x']), options).catch((e) => e)).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      details: { a: 1 },
    });
    server.use(http.put('http://api.test/uploads/token', () => HttpResponse.error()));
    expect(await sendToSignedTarget(target, new Blob(['x']), options).catch((e) => e)).toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });
});
