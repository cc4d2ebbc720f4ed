import { PortalGreeting } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The signed-in home: the greeting by name, then what the admin app offers. */
export function HomePage() {
  return <PortalGreeting intro={tk('home.intro')} />;
}
