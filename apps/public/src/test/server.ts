import { setupServer } from 'msw/node';

/** The tests' MSW server: each test adds the Orval-generated handlers it needs; anything else fails. */
export const server = setupServer();
