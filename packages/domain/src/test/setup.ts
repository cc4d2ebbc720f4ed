import '@tend/ui/test-setup';
