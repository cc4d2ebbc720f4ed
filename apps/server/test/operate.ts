import type { InjectOptions } from 'fastify';
import { callContract, contractOperation, type TestApp } from './helpers.ts';
import { testUser } from './users.ts';

export interface OperateOptions {
  /** The operation's path parameters, by the names the contract gives them (`{patientId}` → `patientId`). */
  params?: Record<string, string | number>;
  query?: InjectOptions['query'];
  payload?: InjectOptions['payload'];
  /** Headers beside the test user's (an ETag's If-Match, a content type …). */
  headers?: Record<string, string>;
}

/** The operation's path with its parameters filled in (each one URL-encoded); throws when one is missing. */
export function operationUrl(operationId: string, params: OperateOptions['params'] = {}): string {
  return contractOperation(operationId).path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operationId}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls operations of the contract by id, as a test user (`null`: anonymous), with the method and path taken
 * from the contract, and checks each answer against it (callContract). A call is one line that says who calls
 * what, instead of the method, the URL and the header spelled out again at every call:
 *
 *   const op = operate(t);
 *   const { body } = await op('therapist', 'getPatient', { params: { patientId } });
 *   expect(await op.status('patient', 'getPatient', { params: { patientId } })).toBe(403);
 */
export function operate(t: Pick<TestApp, 'app'>) {
  const call = (user: string | null, operationId: string, options: OperateOptions = {}) =>
    callContract(t.app, operationId, {
      method: contractOperation(operationId).method.toUpperCase() as InjectOptions['method'],
      url: operationUrl(operationId, options.params),
      query: options.query,
      payload: options.payload,
      headers: { ...testUser(user), ...options.headers },
    });
  /** The answer's status alone (a refusal, a 204). */
  const status = async (user: string | null, operationId: string, options: OperateOptions = {}) =>
    (await call(user, operationId, options)).res.statusCode;
  return Object.assign(call, { status });
}
