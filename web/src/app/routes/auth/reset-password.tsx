import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/components/toast';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { words } from '@/lib/i18n';

const t = words('signin');

export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  return token ? <ResetPasswordForm email={email} token={token} /> : <MissingToken />;
}

/** docs/product.md §2: a missing token goes back to request a code, with a toast. */
function MissingToken() {
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from showing the toast twice.
    toast.error(t('signin.invalid_reset_link'), { id: 'invalid-reset-link' });
  }, []);
  return <Navigate to={paths.forgotPassword} replace />;
}
