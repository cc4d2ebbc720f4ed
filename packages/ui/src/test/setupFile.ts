import { setupDomTests } from './setup.ts';

setupDomTests();
