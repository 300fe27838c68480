import { useSearchParams } from 'react-router-dom';
import { VerifyOtpForm } from '@/features/auth/components/verify-otp-form';

export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  // A new address means a new form (and a fresh countdown).
  return <VerifyOtpForm key={email} email={email} />;
}
