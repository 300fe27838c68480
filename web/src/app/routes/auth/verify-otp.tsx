import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/components/toast';
import { paths } from '@/config/paths';
import { VerifyOtpForm } from '@/features/auth/components/verify-otp-form';
import { words } from '@/lib/i18n';

const t = words('signin');

/** Roughly an address: the server's schema judges it; this only tells a link without one. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  if (!looksLikeEmail(email)) return <MissingEmail />;
  // A new address means a new form (and a fresh countdown).
  return <VerifyOtpForm key={email} email={email} />;
}

/** The code belongs to an address: without one, the user asks for a code first. */
function MissingEmail() {
  useEffect(() => {
    // A fixed id keeps StrictMode's double effect from showing the toast twice.
    toast.info(t('signin.email_needed'), { id: 'verify-otp-no-email' });
  }, []);
  return <Navigate to={paths.forgotPassword} replace />;
}
