// Tag scopes: any signed-in user reads the scopes.
import { entry, signedIn, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('listAllScopes', signedIn(200)),
  entry('getCurrentScopes', signedIn(200)),
];
