import { words } from '@/lib/i18n';
import { ArrowLeft, Home } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Button, buttonClass } from '@/components/ui/button';

const t = words('app');

/** 'Go to Homepage' and 'Go Back', as the not-found screens offer them (docs/product.md §2). */
export function HomeBackActions({ className = 'mt-8' }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <div className={`${className} flex flex-col gap-3 sm:flex-row`}>
      <Link to={paths.home} className={buttonClass('primary', 'md')}>
        <Home className="h-4 w-4" aria-hidden />
        {t('app.go_home')}
      </Link>
      <Button variant="outline" onClick={() => navigate(-1)}>
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        {t('app.go_back')}
      </Button>
    </div>
  );
}
