import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthState } from '@/lib/auth-store';

export function Component() {
  const isAuthenticated = useAuthState((state) => state.isAuthenticated);
  // docs/product.md §2: a signed-in user has nothing to do here.
  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;
  return <LoginForm />;
}
