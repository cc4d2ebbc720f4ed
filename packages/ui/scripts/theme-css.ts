/** `npm run theme-css -w @tend/ui`: writes src/theme/mantine-theme.css from the theme (see mantineThemeCss). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mantineThemeCss } from '../src/styles/mantineThemeCss.tsx';

const file = join(import.meta.dirname, '..', 'src', 'theme', 'mantine-theme.css');
writeFileSync(file, mantineThemeCss());
console.log(`written ${file}`);
