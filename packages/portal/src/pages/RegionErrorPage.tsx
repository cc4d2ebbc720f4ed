import { RegionError } from '@tend/domain/regions';
import { AuthLayout } from '../AuthLayout.tsx';

/** /regionerror: the visitor's region is not one the service serves (GET /regions); where help is instead. */
export function RegionErrorPage() {
  return (
    <AuthLayout>
      <RegionError />
    </AuthLayout>
  );
}
