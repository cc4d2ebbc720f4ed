import { PortalGreeting } from '@tend/portal';
import { tk } from '../../tk.ts';

/** The signed-in home: the greeting by name, then what the patient app offers. */
export function HomePage() {
  return <PortalGreeting intro={tk('home.intro')} />;
}
