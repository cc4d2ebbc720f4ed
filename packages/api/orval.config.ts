import { readFileSync } from 'node:fs';
import { faker } from '@faker-js/faker';
import { defineConfig } from 'orval';
import { parse } from 'yaml';

/**
 * Generation from openapi.yaml (`npm run generate -w @tend/api`, committed; see README):
 * - `client`: TanStack Query v5 hooks and query keys, one folder per tag (src/generated/<tag>/<tag>.ts),
 *   models in src/generated/model, MSW handlers with faker data beside each tag (<tag>.msw.ts).
 *   Every request goes through the mutator `apiFetch` of src/http.ts.
 * - `zod`: zod schemas of every request (params, query, headers, body), one file per tag
 *   (src/generated/zod/<tag>/<tag>.ts), for the apps' forms and their limits.
 * - `zodResponses`: zod schemas of every response, by status (src/generated/zod-responses/<tag>/<tag>.ts),
 *   for the checks of answers (the mocks against the contract, the chat's events). Kept apart from the
 *   requests' schemas: every response inlines its whole schema (a moment list repeats the Moment union, about
 *   40 kB, each time), five times the size of the requests', and a test run that imports the forms' schemas
 *   no longer loads them.
 */

/** Where the client is written: src/generated, or the scratch folder scripts/generate.mjs swaps in. */
const generated = process.env.TEND_API_GENERATED_DIR ?? './src/generated';

/** Paginated lists: an infinite-query hook whose page parameter is the contract's cursor. */
const infinite = (cursor: string) => ({
  query: { useQuery: true, useInfinite: true, useInfiniteQueryParam: cursor },
});

/**
 * The contract marks a GET that changes state `x-tend-mutation: true` (e.g. acceptChatRequest, logout,
 * sendEmailChallenge) and a POST that only reads `x-tend-query: true` (e.g. listMessageAlertsForUser):
 * their hooks follow the mark instead of the HTTP method.
 */
function hookKindOverrides(): Record<string, { query: { useQuery: boolean; useMutation: boolean } }> {
  const doc = parse(readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<
      string,
      Record<string, { operationId?: string; 'x-tend-mutation'?: boolean; 'x-tend-query'?: boolean }>
    >;
  };
  const overrides: Record<string, { query: { useQuery: boolean; useMutation: boolean } }> = {};
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      if (op['x-tend-mutation'])
        overrides[op.operationId] = { query: { useQuery: false, useMutation: true } };
      if (op['x-tend-query']) overrides[op.operationId] = { query: { useQuery: true, useMutation: false } };
    }
  }
  return overrides;
}

export default defineConfig({
  client: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      client: 'react-query',
      target: generated,
      schemas: `${generated}/model`,
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
            '/^timezone$/': () =>
              faker.helpers.arrayElement(['Europe/London', 'Europe/Dublin', 'Australia/Sydney']),
            // faker.helpers.fromRegExp cannot follow the LanguageTag pattern's groups.
            '/^(language|defaultLanguage|LanguageTag)$/': () => faker.helpers.arrayElement(['en', 'en-GB']),
            '/^whitelistedDomains$/': () => [faker.internet.domainName()],
            '/^secret$/': () => faker.string.fromCharacters('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 32),
            '/^otpauthUri$/': () =>
              `otpauth://totp/Tend:${faker.internet.email()}?secret=JBSWY3DPEHPK3PXP&issuer=Tend&algorithm=SHA1&digits=6&period=30`,
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
        tags: {
          // Availability slots: local times HH:MM (start before end), beyond fromRegExp's reach.
          therapist: {
            mock: {
              properties: {
                '/^start$/': () => `${String(faker.number.int({ min: 6, max: 12 })).padStart(2, '0')}:00`,
                '/^end$/': () => `${faker.number.int({ min: 13, max: 21 })}:30`,
              },
            },
          },
        },
        operations: {
          ...hookKindOverrides(),
          listPatientMoments: infinite('paginationCursor'),
          listProgressMoments: infinite('lastDoc'),
          listHotThoughtMoments: infinite('lastDoc'),
          listOrganisations: infinite('lastPage'),
          listOrganisationRoles: infinite('lastPage'),
          listStaffInvitations: infinite('lastPage'),
          listOrganisationAudit: infinite('lastPage'),
          listIntakeQueue: infinite('lastPage'),
          listSafeguardingLookups: infinite('lastPage'),
          listUserDataActions: infinite('lastPage'),
          listSurveys: infinite('startAfter'),
          listAssignedPatients: {
            ...infinite('paginationCursor'),
            // The caseload row's next appointment: UTC date-times, not the tag's availability HH:MM.
            mock: {
              properties: {
                '/^start$/': () => `${faker.date.soon().toISOString().split('.')[0]}Z`,
                '/^end$/': () => `${faker.date.future().toISOString().split('.')[0]}Z`,
              },
            },
          },
          listRiskAlerts: infinite('paginationCursor'),
          listTherapistChatsV2: infinite('paginationCursor'),
          listPatientRiskHistory: infinite('skip'),
          listReports: infinite('paginationCursor'),
          listAppointments: infinite('paginationCursor'),
        },
      },
    },
  },
  zod: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      client: 'zod',
      target: `${generated}/zod`,
      fileExtension: '.ts',
      clean: false,
      indexFiles: true,
      override: {
        zod: {
          generate: { param: true, query: true, header: true, body: true, response: false },
          coerce: { param: true, query: true, header: ['string', 'number', 'boolean'] },
        },
      },
    },
  },
  zodResponses: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      client: 'zod',
      target: `${generated}/zod-responses`,
      fileExtension: '.ts',
      clean: false,
      indexFiles: true,
      override: {
        zod: {
          generate: { param: false, query: false, header: false, body: false, response: true },
          generateEachHttpStatus: true,
        },
      },
    },
  },
});
