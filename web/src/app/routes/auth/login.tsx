import { Navigate } from 'react-router-dom';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthState } from '@/lib/auth-store';
import { returnAddress } from '@/lib/return-to';

export function Component() {
  const isAuthenticated = useAuthState((state) => state.isAuthenticated);
  // docs/product.md §2: a signed-in user has nothing to do here.
  if (isAuthenticated) return <Navigate to={returnAddress()} replace />;
  return <LoginForm />;
}
