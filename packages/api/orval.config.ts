import { faker } from '@faker-js/faker';
import { defineConfig } from 'orval';

/**
 * Generation from openapi.yaml (`npm run generate -w @tend/api`, committed; see README):
 * - `client`: TanStack Query v5 hooks and query keys, one folder per tag (src/generated/<tag>/<tag>.ts),
 *   models in src/generated/model, MSW handlers with faker data beside each tag (<tag>.msw.ts).
 *   Every request goes through the mutator `apiFetch` of src/http.ts.
 * - `zod`: zod schemas of every request (params, query, headers, body) and response, one file per tag
 *   (src/generated/zod/<tag>/<tag>.ts), for the server's validation and the apps' forms.
 */

/** Paginated lists: an infinite-query hook whose page parameter is the contract's cursor. */
const infinite = (cursor: string) => ({
  query: { useQuery: true, useInfinite: true, useInfiniteQueryParam: cursor },
});

export default defineConfig({
  client: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      client: 'react-query',
      target: './src/generated',
      schemas: './src/generated/model',
      fileExtension: '.ts',
      clean: false,
      indexFiles: true,
      headers: true,
      urlEncodeParameters: true,
      mock: { type: 'msw', delay: false, useExamples: false, locale: 'en_GB' },
      override: {
        mock: {
          // Realistic values for the fields screens show (functions are inlined into the mocks).
          arrayMin: 1,
          arrayMax: 5,
          format: { date: () => faker.date.past().toISOString().slice(0, 10) },
          properties: {
            '/^firstName$/': () => faker.person.firstName(),
            '/^lastName$/': () => faker.person.lastName(),
            '/^(screenName|patientName|senderName|displayName|authorName)$/': () => faker.person.fullName(),
            '/^(messageBody|biography)$/': () => faker.lorem.sentences({ min: 1, max: 3 }),
            '/^text$/': () => faker.lorem.paragraph(),
            '/^timezone$/': () => faker.helpers.arrayElement(['Europe/London', 'Europe/Dublin', 'Australia/Sydney']),
          },
        },
        mutator: { path: './src/http.ts', name: 'apiFetch' },
        query: {
          version: 5,
          useQuery: true,
          signal: true,
          shouldExportQueryKey: true,
          shouldExportHttpClient: true,
        },
        operations: {
          // A GET in the spec that changes state: called as a mutation.
          acceptChatRequest: { query: { useQuery: false, useMutation: true } },
          // POSTs in the spec that only read: called as queries.
          listMessageAlertsForUser: { query: { useQuery: true, useMutation: false } },
          listMessageAlertsForPublic: { query: { useQuery: true, useMutation: false } },
          getChatHistoryByUserId: { query: { useQuery: true, useMutation: false } },
          listPatientMoments: infinite('paginationCursor'),
          listProgressMoments: infinite('lastDoc'),
          listHotThoughtMoments: infinite('lastDoc'),
          listOrganisations: infinite('lastPage'),
          listSurveys: infinite('startAfter'),
        },
      },
    },
  },
  zod: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      client: 'zod',
      target: './src/generated/zod',
      fileExtension: '.ts',
      clean: false,
      indexFiles: true,
      override: {
        zod: {
          generate: { param: true, query: true, header: true, body: true, response: true },
          coerce: { param: true, query: true, header: ['string', 'number', 'boolean'] },
        },
      },
    },
  },
});
