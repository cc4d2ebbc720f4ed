import { defineConfig } from 'vitest/config';
import { jsdomTests } from '@tend/config/vitest';

export default defineConfig({ test: jsdomTests() });
