import { resetErrorReporter, setTokenProvider } from '@tend/api';
import { setupDomTests } from '@tend/ui/test-setup';

setupDomTests();
// Run before each test file. Without per-file isolation the modules live on from file to file: a token
// provider or error reporter one file installed must not reach the next.
setTokenProvider(null);
resetErrorReporter();
