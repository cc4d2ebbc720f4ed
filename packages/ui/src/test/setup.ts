import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDomPolyfills } from './polyfills.ts';

installDomPolyfills();
// Lazy routes and Mantine transitions settle later on a busy 2-core machine than the default 1 s allows.
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());
